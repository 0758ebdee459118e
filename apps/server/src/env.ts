import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Everything the server can be configured with is here,
 * checked once at start-up so a typo fails loudly instead of half-working.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z
    .string()
    .regex(/^\d+$/, 'must be a port number')
    .transform(Number)
    .pipe(z.number().int().min(0).max(65_535))
    .default(3000),
  /** postgres://… or postgresql://… for PostgreSQL; sqlite:PATH (or nothing) for SQLite. */
  DATABASE_URL: z
    .string()
    .trim()
    .default('sqlite:./data/souq.db')
    .refine((url) => /^(postgres(ql)?:\/\/.+|sqlite:.+)$/.test(url), {
      message: 'must start with postgres://, postgresql:// or sqlite:',
    }),
  /** "off" turns the pages' display delays off (tests, and shops that do not want them). */
  DISPLAY_DELAYS: z.enum(['on', 'off']).default('on'),
  /** Seed the demo catalog into an empty database at start-up. */
  SEED_DEMO_CATALOG: z.enum(['on', 'off']).default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Behind a load balancer or reverse proxy: "on" trusts X-Forwarded-For from any hop, a number
   * trusts that many hops, a comma-separated list trusts those addresses or CIDR ranges. Rate
   * limits count per client address, so without this every shopper shares the proxy's address.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('off')
    .refine((v) => /^(on|off|\d+|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/.test(v), {
      message: 'must be on, off, a number of hops or a comma-separated list of addresses',
    }),
  /** Folder of the built web app; defaults to apps/web/dist. */
  WEB_DIST_DIR: z.string().optional(),
});

export type Env = {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string;
  displayDelays: boolean;
  seedDemoCatalog: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDistDir: string;
  /** Fastify's trustProxy option; a hop count becomes a function of the hop. */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
};

const serverRoot = path.resolve(import.meta.dirname, '..');

export class EnvError extends Error {}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // Empty strings mean "not set", as they do in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
    throw new EnvError(`Invalid environment: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    displayDelays: e.DISPLAY_DELAYS === 'on',
    seedDemoCatalog: e.SEED_DEMO_CATALOG === 'on',
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(serverRoot, '../web/dist')),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
  };
}

function parseTrustProxy(value: string): Env['trustProxy'] {
  if (value === 'on') return true;
  if (value === 'off') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((address) => address.trim());
}
