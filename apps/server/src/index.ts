import v8 from 'node:v8';
import { buildApp } from './app';
import { DatabaseConnectionError } from './db/connection';
import { openDatabase } from './db/migrate';
import { seedDemoCatalogIfEmpty } from './modules/catalog/demo-catalog.seed';
import { EnvError, readEnv } from './env';

/** Start-up failures a shop owner can fix get one readable line, not a stack trace. */
function exitWith(message: string): never {
  console.error(`souq: ${message}`);
  process.exit(1);
}

/**
 * V8 lets the heap grow to up to four times what survived its last full collection when a
 * burst allocates fast, and keeps it: twenty connections of uncached page renders took the
 * shop from 440 MB to 1 GB resident at 100 000 products. Growing by 30 % at a time keeps it
 * near what is live, for a few more collections (docs/benchmarks.md). Read at every
 * collection, so setting it here, before the catalog is loaded, is early enough.
 */
v8.setFlagsFromString('--heap-growing-percent=30');
/**
 * And a full collection starts once the old generation reaches 90 % of that limit (97 %: at
 * once). Left to itself, V8 starts marking as soon as the room left under the limit is no more
 * than the young generation (about 34 MB), which at 100 000 products is only 4–8 MB above what
 * survived: rendered pages started a full collection every 500–1 000 pages. Started at 90 %,
 * PostgreSQL's rendered pages start a third fewer and cost about a sixth less CPU, for about
 * 15 MB more resident memory: the limit is the same, the heap comes nearer it (decision 028,
 * "when marking starts").
 */
v8.setFlagsFromString('--incremental-marking-soft-trigger=90');
v8.setFlagsFromString('--incremental-marking-hard-trigger=97');

async function main() {
  const env = readEnv();
  const db = await openDatabase(env.databaseUrl);
  if (env.seedDemoCatalog && (await seedDemoCatalogIfEmpty(db))) {
    console.log('souq: seeded the demo catalog into the empty database');
  }

  const app = await buildApp({ env, db });
  try {
    await app.listen({ host: env.host, port: env.port });
  } catch (error) {
    await db.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      exitWith(
        `port ${env.port} on ${env.host} is already in use; stop the other server or set PORT`,
      );
    }
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  console.log(`souq: shop ready at http://${env.host}:${port} (${db.dialect})`);

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) process.exit(1); // a second Ctrl-C means "now"
    closing = true;
    console.log(`souq: ${signal} received, finishing open requests`);
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', (s) => void shutdown(s));
  process.on('SIGTERM', (s) => void shutdown(s));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DatabaseConnectionError)
    exitWith(error.message);
  console.error(error);
  process.exit(1);
});
