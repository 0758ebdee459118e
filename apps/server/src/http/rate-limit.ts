import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/connection';
import { AppError } from './errors';

/** How often rows of windows that have ended are deleted. */
const PURGE_INTERVAL_MS = 10 * 60 * 1000;

export interface RateLimitHit {
  /** Requests counted in the current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/**
 * Counts one request for `key` in a fixed window: one upsert, atomic on both databases, so
 * app servers sharing the database share the count. A window that has ended starts over.
 */
export async function countRequest(
  db: Db,
  key: string,
  windowMs: number,
  nowMs = Date.now(),
): Promise<RateLimitHit> {
  const resetsAt = nowMs + windowMs;
  const row = await db.kysely
    .insertInto('rate_limit_counters')
    .values({ key, hits: 1, resets_at_ms: resetsAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when rate_limit_counters.resets_at_ms <= ${nowMs} then 1 else rate_limit_counters.hits + 1 end`,
        resets_at_ms: sql<number>`case when rate_limit_counters.resets_at_ms <= ${nowMs} then ${resetsAt} else rate_limit_counters.resets_at_ms end`,
      }),
    )
    .returning(['hits', 'resets_at_ms'])
    .executeTakeFirstOrThrow();
  return { hits: row.hits, ttlMs: Math.max(0, row.resets_at_ms - nowMs) };
}

/** Takes one request back from `key`'s current window (one that should not have counted). */
export async function uncountRequest(db: Db, key: string) {
  await db.kysely
    .updateTable('rate_limit_counters')
    .set({ hits: sql<number>`hits - 1` })
    .where('key', '=', key)
    .where('hits', '>', 0)
    .execute();
}

export async function purgeEndedWindows(db: Db, nowMs = Date.now()) {
  await db.kysely.deleteFrom('rate_limit_counters').where('resets_at_ms', '<=', nowMs).execute();
}

/**
 * A store for @fastify/rate-limit over the shop's database. Each route with its own limit gets
 * a child store whose keys carry the route, so one client's contact messages and newsletter
 * sign-ups are counted apart.
 */
function databaseStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly scope: string;

    /** The plugin passes its options to the root store; children get the route they count for. */
    constructor(options: { scope?: string } = {}) {
      this.scope = options.scope ?? 'global';
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      countRequest(db, `${this.scope}|${key}`, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: { method?: string | string[]; url?: string; routeInfo?: unknown }) {
      const route = routeOptions.routeInfo as { method?: unknown; url?: unknown } | undefined;
      const scope =
        typeof route?.url === 'string' ? `${String(route.method)} ${route.url}` : this.scope;
      return new DatabaseRateLimitStore({ scope });
    }
  }
  return DatabaseRateLimitStore;
}

/**
 * Registers @fastify/rate-limit with the database store. Nothing is limited by default; a route
 * opts in with `config: { rateLimit: { max, timeWindow } }`, counted per client address
 * (Fastify's request.ip). Over the limit the client gets 429 in the usual error shape.
 */
export async function registerRateLimiting(app: FastifyInstance, db: Db) {
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(db),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'rate_limited', `Too many requests. Please try again in ${context.after}.`),
  });
  const purge = setInterval(() => {
    purgeEndedWindows(db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'could not purge ended rate-limit windows'),
    );
  }, PURGE_INTERVAL_MS);
  purge.unref();
  app.addHook('onClose', () => clearInterval(purge));
}
