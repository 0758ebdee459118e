import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseDialect } from '@souq/contracts/health';
import { buildApp, type App } from '../app';
import type { RequestTimeouts } from '../http/client-errors';
import type { Db } from '../db/connection';
import { openDatabase } from '../db/migrate';
import { seedDemoCatalogIfEmpty } from '../modules/catalog/demo-catalog.seed';
import { readEnv } from '../env';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names one. Data tests run on each. */
export const testDialects: DatabaseDialect[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDb {
  db: Db;
  /** The database's URL, for a script or server process of its own (DATABASE_URL). */
  url: string;
  cleanup: () => Promise<void>;
}

/** A fresh, migrated database: a temporary SQLite file, or a schema of its own in PostgreSQL. */
export async function createTestDb(dialect: DatabaseDialect): Promise<TestDb> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-test-'));
    const url = `sqlite:${path.join(dir, 'souq.db')}`;
    const db = await openDatabase(url);
    return {
      db,
      url,
      cleanup: async () => {
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  // public stays on the path: database-wide extensions such as pg_trgm live there.
  const db = await openDatabase(postgresUrl, { searchPath: `${schema},public`, poolSize: 4 });
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema},public`);
  return {
    db,
    url: url.toString(),
    cleanup: async () => {
      await db.close();
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

export interface TestApp {
  app: App;
  db: Db;
  /** The app's own folder: uploads and the mail outbox are inside it. */
  dataDir: string;
  close: () => Promise<void>;
}

export const TEST_AUTH_SECRET = 'test-secret-that-is-long-enough-for-better-auth';

interface TestAppOptions {
  webDistDir?: string;
  displayDelays?: 'on' | 'off';
  /** The catalog's clock, for tests that move time forward past its short-lived caches. */
  clock?: () => Date;
  /** The shop's time zone (SHOP_TIME_ZONE); UTC unless given. */
  shopTimeZone?: string;
  /** How the sign-in slow-down waits; tests hold it instead of sleeping. */
  signInDelay?: (ms: number) => Promise<void>;
  /** Receives the app's log lines (level info and up) instead of silence. */
  logStream?: { write: (line: string) => void };
  /** Short request timeouts, for tests of clients that send too slowly. */
  requestTimeouts?: RequestTimeouts;
  /** More of the environment (STRIPE_…, PAYMENT_HOLD_MINUTES). */
  env?: Record<string, string>;
}

export async function createTestApp(
  dialect: DatabaseDialect,
  options: TestAppOptions & { seed?: boolean } = {},
): Promise<TestApp> {
  const { db, cleanup } = await createTestDb(dialect);
  if (options.seed ?? true) await seedDemoCatalogIfEmpty(db);
  const testApp = await createAppOverDb(db, options);
  return {
    ...testApp,
    close: async () => {
      await testApp.close();
      await cleanup();
    },
  };
}

/** Another app server over an existing database, as in a shop behind a load balancer. */
export async function createAppOverDb(db: Db, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-data-'));
  const env = readEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    WEB_DIST_DIR: options.webDistDir ?? path.join(os.tmpdir(), 'souq-no-web-build'),
    DISPLAY_DELAYS: options.displayDelays ?? 'on',
    SHOP_TIME_ZONE: options.shopTimeZone,
    BETTER_AUTH_SECRET: TEST_AUTH_SECRET,
    DATA_DIR: dataDir,
    ...options.env,
  });
  const app = await buildApp({
    env,
    db,
    clock: options.clock,
    signInDelay: options.signInDelay,
    logStream: options.logStream,
    requestTimeouts: options.requestTimeouts,
  });
  await app.ready();
  return {
    app,
    db,
    dataDir,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A clock that runs with real time and can be moved forward, past the catalog's caches, or held
 * still, so that only something else than time (an edit applied) can end what they keep.
 */
export function testClock() {
  let offsetMs = 0;
  let heldAt: number | null = null;
  return {
    now: () => new Date((heldAt ?? Date.now()) + offsetMs),
    advance: (ms: number) => {
      offsetMs += ms;
    },
    hold: () => {
      heldAt ??= Date.now();
    },
    /** Runs on from where it was held. */
    release: () => {
      if (heldAt !== null) offsetMs -= Date.now() - heldAt;
      heldAt = null;
    },
  };
}
