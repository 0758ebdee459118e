import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { productListSchema, productSchema } from '@souq/contracts/catalog';
import type { DatabaseDialect } from '@souq/contracts/health';
import type { Db } from '../db/connection';
import { openDatabase } from '../db/migrate';
import { seedDemoCatalogIfEmpty } from '../modules/catalog/demo-catalog.seed';
import { createAppOverDb, createTestDb, testClock, type TestApp, type TestDb } from './test-app';

/**
 * Two app servers over one database, each with connections of its own (as two processes have):
 * `one` writes, as the back office's server, an import or a script would; `two` only reads, so
 * it learns of each change from the database alone. `another()` starts one more, later.
 */
export async function twoServers(dialect: DatabaseDialect) {
  const database: TestDb = await createTestDb(dialect);
  await seedDemoCatalogIfEmpty(database.db);
  const opened: Db[] = [];
  const clock = testClock();
  const servers: TestApp[] = [];
  async function another(): Promise<TestApp> {
    const own = await openDatabase(database.url, { poolSize: 4 });
    opened.push(own);
    const t = await createAppOverDb(own, { clock: clock.now });
    servers.push(t);
    return t;
  }
  const one = await createAppOverDb(database.db, { clock: clock.now });
  const two = await another();
  return {
    one,
    two,
    another,
    clock,
    close: async () => {
      for (const t of servers) await t.close();
      await one.close();
      for (const own of opened) await own.close();
      await database.cleanup();
    },
  };
}

/** Waits for the app server's readiness (its index built), as a load balancer would. */
export async function readyOf(t: TestApp) {
  for (let tries = 0; tries < 600; tries++) {
    if ((await t.app.inject('/api/health/ready')).statusCode === 200) return;
    await sleep(50);
  }
  throw new Error('the app server did not become ready');
}

export async function productOn(t: TestApp, id: number) {
  const response = await t.app.inject({ method: 'GET', url: `/api/products/${id}` });
  return response.statusCode === 404 ? undefined : productSchema.parse(response.json());
}

export async function listOn(t: TestApp, url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return productListSchema.parse(response.json());
}
