import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connection';
import { seedDemoCatalogIfEmpty } from '../catalog/demo-catalog.seed';
import {
  billing,
  newKey,
  orderBody,
  orderCount,
  productIds,
  productWithVariants,
  setProduct,
  setVariantStocks,
  stockOf,
  variantsOf,
  variantStockOf,
} from '../../test/orders-fixtures';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { databaseUrlOf } from '../../test/shared-database';
import { createTestDb, testDialects } from '../../test/test-app';
import { createCoupon } from '../marketing/coupons.admin';

/** Server processes over one database: on SQLite they are separate writers racing for the lock. */
const SERVERS = 3;

describe.each(testDialects)('concurrent checkouts across server processes on %s', (dialect) => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let servers: ServerProcess[] = [];
  let a: number;
  let b: number;
  /** A product with several variants. */
  let dressed: number;

  beforeAll(async () => {
    ({ db, cleanup } = await createTestDb(dialect));
    await seedDemoCatalogIfEmpty(db);
    [a, b] = (await productIds(db, 2)) as [number, number];
    dressed = await productWithVariants(db);
    const url = await databaseUrlOf(db);
    servers = await Promise.all(Array.from({ length: SERVERS }, () => startServerProcess(url)));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await cleanup();
  });

  /** One real HTTP checkout, sent to the i-th server in turn. */
  async function checkout(body: unknown, i: number) {
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
  }

  /**
   * Real HTTP requests spread across the servers, `inFlight` at a time (all at once unless
   * given): thousands of connections opened at once measure the machine, not the shop.
   */
  async function checkoutAll(bodies: unknown[], inFlight = bodies.length) {
    const results: Awaited<ReturnType<typeof checkout>>[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(inFlight, bodies.length) }, async () => {
        for (let i = next++; i < bodies.length; i = next++)
          results[i] = await checkout(bodies[i], i);
      }),
    );
    return results;
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

  it('never oversells with mixed quantities, two variants of one product and another product', async () => {
    await setProduct(db, a, { stock: 25 });
    await setProduct(db, b, { stock: 7 });
    const [v1, v2] = (await setVariantStocks(db, dressed, [5, 3])) as [number, number];
    const bodies = Array.from({ length: 120 }, (_, i) => {
      const quantity = (i % 4) + 1;
      if (i % 3 === 0) {
        // two variants of one product, each from its own stock, and a second product
        return orderBody([
          { productId: a, quantity },
          { productId: b, quantity: 1 },
          { productId: dressed, variantId: v1, quantity: 1 },
          { productId: dressed, variantId: v2, quantity: 1 },
        ]);
      }
      if (i % 3 === 1) return orderBody([{ productId: dressed, variantId: v1, quantity: 1 }]);
      return orderBody([{ productId: a, quantity }]);
    });
    const results = await checkoutAll(bodies);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const placedBodies = bodies.filter((_, i) => results[i]!.status === 201);
    const sold = (match: (line: Record<string, unknown>) => boolean) =>
      placedBodies
        .flatMap((body) => body.lines)
        .filter(match)
        .reduce((sum, l) => sum + (l.quantity as number), 0);
    const leftA = await stockOf(db, a);
    const leftB = await stockOf(db, b);
    expect(sold((l) => l.productId === a) + leftA).toBe(25);
    expect(sold((l) => l.productId === b) + leftB).toBe(7);
    expect(sold((l) => l.variantId === v1) + (await variantStockOf(db, v1))).toBe(5);
    expect(sold((l) => l.variantId === v2) + (await variantStockOf(db, v2))).toBe(3);
    // Both variants sold out, and the product's stock is still the sum of its variants'.
    expect(await variantStockOf(db, v1)).toBe(0);
    expect(await stockOf(db, dressed)).toBe(
      (await variantsOf(db, dressed)).reduce((sum, v) => sum + v.stock, 0),
    );
    // What the database says was sold matches what the shoppers were told they bought, and the
    // ledger holds one sale movement per line sold.
    const lines = await db.kysely
      .selectFrom('order_lines')
      .select(['variant_id', (eb) => eb.fn.sum<number | string>('quantity').as('sold')])
      .where('variant_id', 'in', [v1, v2])
      .groupBy('variant_id')
      .execute();
    const soldInDb = Object.fromEntries(lines.map((l) => [l.variant_id ?? 0, Number(l.sold)]));
    expect(soldInDb[v1] ?? 0).toBe(sold((l) => l.variantId === v1));
    expect(soldInDb[v2] ?? 0).toBe(sold((l) => l.variantId === v2));
    const ledger = await db.kysely
      .selectFrom('stock_movements')
      .select((eb) => eb.fn.sum<number | string>('change').as('change'))
      .where('variant_id', '=', v1)
      .where('reason', '=', 'sale')
      .executeTakeFirstOrThrow();
    expect(Number(ledger.change)).toBe(-sold((l) => l.variantId === v1));
  }, 60_000);

  it('places orders of the same products in opposite line orders at once, none waiting on another forever', async () => {
    await setProduct(db, a, { stock: 1_000 });
    await setProduct(db, b, { stock: 1_000 });
    const [v1, v2] = (await setVariantStocks(db, dressed, [1_000, 1_000])) as [number, number];
    const lines = [
      { productId: a, quantity: 1 },
      { productId: dressed, variantId: v1, quantity: 1 },
      { productId: b, quantity: 1 },
      { productId: dressed, variantId: v2, quantity: 1 },
    ];
    const results = await checkoutAll(
      Array.from({ length: 80 }, (_, i) => orderBody(i % 2 === 0 ? lines : [...lines].reverse())),
    );
    expect(results.filter((r) => r.status !== 201)).toEqual([]);
    expect(await stockOf(db, a)).toBe(920);
    expect(await stockOf(db, b)).toBe(920);
    expect(await variantStockOf(db, v1)).toBe(920);
    expect(await variantStockOf(db, v2)).toBe(920);
  }, 60_000);

  it('sells the last unit of one variant to exactly one of many buyers, and leaves the others on sale', async () => {
    const [last, other] = (await setVariantStocks(db, dressed, [1, 4])) as [number, number];
    const results = await checkoutAll(
      Array.from({ length: 30 }, () =>
        orderBody([{ productId: dressed, variantId: last, quantity: 1 }]),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(29);
    expect(await variantStockOf(db, last)).toBe(0);
    expect(await variantStockOf(db, other)).toBe(4);
    const [again] = await checkoutAll([
      orderBody([{ productId: dressed, variantId: other, quantity: 1 }]),
    ]);
    expect(again?.status).toBe(201);
  }, 60_000);

  it('sells exactly 500 units of a flash-sale variant to 2,000 shoppers racing for it', async () => {
    const [flash] = (await setVariantStocks(db, dressed, [500])) as [number];
    const before = await orderCount(db);
    const last = await db.kysely
      .selectFrom('orders')
      .select((eb) => eb.fn.max<number | null>('id').as('id'))
      .executeTakeFirstOrThrow();
    const results = await checkoutAll(
      Array.from({ length: 2_000 }, () =>
        orderBody([{ productId: dressed, variantId: flash, quantity: 1 }]),
      ),
      60,
    );
    const statuses = results.map((r) => r.status);
    expect(results.filter((r) => r.status !== 201 && r.status !== 409)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(500);
    expect(statuses.filter((s) => s === 409)).toHaveLength(1_500);
    expect(await variantStockOf(db, flash)).toBe(0);
    expect(await orderCount(db)).toBe(before + 500);
    // Each order was acknowledged with its mails: the shopper's, rendered when sent.
    const mails = await db.kysely
      .selectFrom('mail_outbox')
      .innerJoin('order_lines', 'order_lines.order_id', 'mail_outbox.order_id')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('order_lines.variant_id', '=', flash)
      .where('mail_outbox.order_id', '>', last.id ?? 0)
      .where('mail_outbox.kind', '=', 'order_placed')
      .executeTakeFirstOrThrow();
    expect(Number(mails.n)).toBe(500);
  }, 180_000);

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
