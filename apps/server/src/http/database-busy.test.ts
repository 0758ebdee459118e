import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@souq/contracts/errors';
import type { Db } from '../db/connection';
import { openDatabase } from '../db/migrate';
import { newKey, orderBody, productIds } from '../test/orders-fixtures';
import {
  createAppOverDb,
  createTestDb,
  testDialects,
  type TestApp,
  type TestDb,
} from '../test/test-app';
import { seedDemoCatalogIfEmpty } from '../modules/catalog/demo-catalog.seed';

const postgres = testDialects.includes('postgres');

describe.runIf(postgres)('an app server whose database connections are all busy', () => {
  let testDb: TestDb;
  let db: Db;
  let t: TestApp;
  let product: number;

  beforeAll(async () => {
    testDb = await createTestDb('postgres');
    await seedDemoCatalogIfEmpty(testDb.db);
    [product] = (await productIds(testDb.db, 1)) as [number];
    // One connection, and a short wait for it, so a held transaction makes every request wait.
    db = await openDatabase(testDb.url, { poolSize: 1, waitForConnectionMs: 300 });
    t = await createAppOverDb(db);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await db.close();
    await testDb.cleanup();
  });

  const order = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderBody([{ productId: product, quantity: 1 }]),
    });

  it('answers 503 busy with Retry-After while they stay taken, and serves again once free', async () => {
    let release = () => {};
    const held = db.kysely.transaction().execute(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    try {
      const refused = await order();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('2');
      expect(apiErrorSchema.parse(refused.json()).error.code).toBe('busy');
    } finally {
      release();
      await held;
    }
    const placed = await order();
    expect(placed.statusCode, placed.body).toBe(201);
  });
});
