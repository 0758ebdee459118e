import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connection';
import { seedDemoCatalogIfEmpty } from '../catalog/demo-catalog.seed';
import {
  billing,
  newKey,
  orderBody,
  orderCount,
  productIds,
  setProduct,
  stockOf,
} from '../../test/orders-fixtures';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { databaseUrlOf } from '../../test/shared-database';
import { createTestDb, testDialects } from '../../test/test-app';
import { createCoupon } from './coupons.admin';

/** Server processes over one database: on SQLite they are separate writers racing for the lock. */
const SERVERS = 3;

describe.each(testDialects)('concurrent checkouts across server processes on %s', (dialect) => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let servers: ServerProcess[] = [];
  let a: number;
  let b: number;

  beforeAll(async () => {
    ({ db, cleanup } = await createTestDb(dialect));
    await seedDemoCatalogIfEmpty(db);
    [a, b] = (await productIds(db, 2)) as [number, number];
    const url = await databaseUrlOf(db);
    servers = await Promise.all(Array.from({ length: SERVERS }, () => startServerProcess(url)));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await cleanup();
  });

  /** Real HTTP requests, spread across the servers, all in flight at once. */
  async function checkoutAll(bodies: unknown[]) {
    return Promise.all(
      bodies.map(async (body, i) => {
        const server = servers[i % servers.length]!;
        const res = await fetch(`${server.url}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
          body: JSON.stringify(body),
        });
        return {
          status: res.status,
          body: (await res.json()) as { lines?: { quantity: number }[] },
        };
      }),
    );
  }

  it('sells exactly 10 of a product with stock 10 to 200 shoppers buying 1 each', async () => {
    await setProduct(db, a, { stock: 10 });
    const before = await orderCount(db);
    const results = await checkoutAll(
      Array.from({ length: 200 }, () => orderBody([{ productId: a, quantity: 1 }])),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(190);
    expect(await stockOf(db, a)).toBe(0);
    expect(await orderCount(db)).toBe(before + 10);
  }, 60_000);

  it('never oversells with mixed quantities, split lines and two products', async () => {
    await setProduct(db, a, { stock: 25 });
    await setProduct(db, b, { stock: 7 });
    const bodies = Array.from({ length: 120 }, (_, i) => {
      const quantity = (i % 4) + 1;
      if (i % 3 === 0) {
        // the same product on two lines, plus the second product
        return orderBody([
          { productId: a, quantity },
          { productId: b, quantity: 1 },
          { productId: a, quantity: 1 },
        ]);
      }
      return orderBody([{ productId: a, quantity }]);
    });
    const results = await checkoutAll(bodies);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const placedBodies = bodies.filter((_, i) => results[i]!.status === 201);
    const sold = (productId: number) =>
      placedBodies
        .flatMap((body) => body.lines)
        .filter((l) => l.productId === productId)
        .reduce((sum, l) => sum + (l.quantity as number), 0);
    const leftA = await stockOf(db, a);
    const leftB = await stockOf(db, b);
    expect(leftA).toBeGreaterThanOrEqual(0);
    expect(leftB).toBeGreaterThanOrEqual(0);
    expect(sold(a) + leftA).toBe(25);
    expect(sold(b) + leftB).toBe(7);
    // What the database says was sold matches what the shoppers were told they bought.
    const lines = await db.kysely
      .selectFrom('order_lines')
      .select(['product_id', (eb) => eb.fn.sum<number | string>('quantity').as('sold')])
      .where('product_id', 'in', [a, b])
      .groupBy('product_id')
      .execute();
    const soldInDb = Object.fromEntries(lines.map((l) => [l.product_id, Number(l.sold)]));
    expect(soldInDb[a]).toBe(10 + sold(a));
    expect(soldInDb[b] ?? 0).toBe(sold(b));
  }, 60_000);

  it('lets a single-use coupon through exactly once across the servers', async () => {
    await setProduct(db, a, { stock: 100 });
    await createCoupon(db, { code: `RACE-${dialect}`, kind: 'fixed', amount: 100, maxUses: 1 });
    const results = await checkoutAll(
      Array.from({ length: 40 }, (_, i) => ({
        ...orderBody([{ productId: a, quantity: 1 }], { couponCode: `RACE-${dialect}` }),
        billing: { ...billing, email: `racer${i}@example.com` },
      })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(39);
    expect(await stockOf(db, a)).toBe(99);
  }, 60_000);
});
