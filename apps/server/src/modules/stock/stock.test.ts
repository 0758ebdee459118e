import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STOCK_LIMIT,
  stockMovementListSchema,
  stockMovementSchema,
} from '@souq/contracts/admin-catalog';
import { productListSchema, productSchema } from '@souq/contracts/catalog';
import { apiErrorSchema } from '@souq/contracts/errors';
import { STOCK_FULL_READ_MS } from '../catalog/catalog-index';
import { CATALOG_CACHE_TTL_MS } from '../catalog/short-lived-cache';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import {
  newKey,
  orderBody,
  productIds,
  productWithVariants,
  setVariantStocks,
  stockOf,
  variantsOf,
  variantStockOf,
} from '../../test/orders-fixtures';
import { createTestApp, testClock, testDialects, type TestApp } from '../../test/test-app';

describe.each(testDialects)('the stock ledger on %s', (dialect) => {
  let t: TestApp;
  let manager: TestStaff;
  let product: number;
  let v1: number;
  let v2: number;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: clock.now });
    manager = await signUpTestStaff(t.app, t.db, 'manager');
    product = await productWithVariants(t.db);
    [v1, v2] = (await setVariantStocks(t.db, product, [2, 4])) as [number, number];
  });
  afterAll(() => t.close());

  const adjust = (body: object, key: string | null = newKey(), id = product) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${id}/stock-adjustments`,
      headers: { cookie: manager.cookie, ...(key === null ? {} : { 'idempotency-key': key }) },
      payload: body,
    });
  const movements = async (page = 1) =>
    stockMovementListSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/products/${product}/stock-movements?page=${page}`,
          headers: { cookie: manager.cookie },
        })
      ).json(),
    );
  const errorOf = (res: { json: () => unknown }) => apiErrorSchema.parse(res.json()).error;

  it('adjusts a variant once per key, with the reason and the staff member in the ledger and the audit log', async () => {
    const key = newKey();
    const body = { variantId: v1, change: 5, reason: 'Delivery from the workshop' };
    const res = await adjust(body, key);
    expect(res.statusCode).toBe(201);
    const movement = stockMovementSchema.parse(res.json());
    expect(movement).toMatchObject({
      variant: { id: v1 },
      change: 5,
      stockAfter: 7,
      reason: 'adjustment',
      note: 'Delivery from the workshop',
      order: null,
      actorEmail: manager.email,
    });
    expect(await variantStockOf(t.db, v1)).toBe(7);
    expect(await stockOf(t.db, product)).toBe(11);

    // A retry answers the same movement and moves nothing.
    const retry = await adjust(body, key);
    expect(retry.statusCode).toBe(200);
    expect(stockMovementSchema.parse(retry.json()).id).toBe(movement.id);
    expect(await variantStockOf(t.db, v1)).toBe(7);
    // The same key for another change is refused.
    const other = await adjust({ ...body, change: 6 }, key);
    expect(other.statusCode).toBe(422);
    expect(errorOf(other).code).toBe('idempotency_key_reused');

    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'actor_email'])
      .where('action', '=', 'product.stock_adjusted')
      .execute();
    expect(audit).toEqual([
      { action: 'product.stock_adjusted', entity_id: String(product), actor_email: manager.email },
    ]);
    expect((await movements()).items[0]).toEqual(movement);
  });

  it('never takes stock below 0, and names only live variants of the product', async () => {
    const below = await adjust({ variantId: v2, change: -5, reason: 'Counted' });
    expect(below.statusCode).toBe(409);
    expect(errorOf(below).code).toBe('insufficient_stock');
    expect(await variantStockOf(t.db, v2)).toBe(4);
    const down = await adjust({ variantId: v2, change: -4, reason: 'Two damaged, two lost' });
    expect(down.statusCode).toBe(201);
    expect(await variantStockOf(t.db, v2)).toBe(0);

    const [elsewhere] = await productIds(t.db, 1);
    const [foreign] = await variantsOf(t.db, elsewhere!);
    const wrong = await adjust({ variantId: foreign!.id, change: 1, reason: 'Counted' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).fields).toHaveProperty('variantId');
    expect(
      (await adjust({ variantId: v1, change: 1, reason: 'x' }, null, 999_999)).statusCode,
    ).toBe(400);
    expect(
      (await adjust({ variantId: v1, change: 1, reason: 'x' }, newKey(), 999_999)).statusCode,
    ).toBe(404);
    for (const body of [
      { variantId: v1, change: 0, reason: 'Nothing' },
      { variantId: v1, change: 1.5, reason: 'Half' },
      { variantId: v1, change: 1, reason: '' },
    ])
      expect((await adjust(body)).statusCode).toBe(400);
    expect(await variantStockOf(t.db, v1)).toBe(7);
  });

  it("lists a product's movements newest first: sales and cancellations with their order", async () => {
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderBody([{ productId: product, variantId: v1, quantity: 2 }]),
    });
    expect(placed.statusCode).toBe(201);
    const order = placed.json<{ id: number; number: string }>();
    const { items, page, hasMore } = await movements();
    expect([page, hasMore]).toEqual([1, false]);
    expect(items[0]).toMatchObject({
      variant: { id: v1 },
      change: -2,
      stockAfter: 5,
      reason: 'sale',
      order: { id: order.id, number: order.number },
      actorEmail: null,
    });
    expect(items.map((m) => m.id)).toEqual([...items.map((m) => m.id)].sort((a, b) => b - a));
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/admin/products/999999/stock-movements',
      headers: { cookie: manager.cookie },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("refuses to raise a product's stock past the limit, so its listings keep answering", async () => {
    const [w1, w2] = (await setVariantStocks(t.db, product, [STOCK_LIMIT - 10, 0])) as [
      number,
      number,
    ];
    const over = await adjust({ variantId: w1, change: 1_000_000, reason: 'Delivery' });
    expect(over.statusCode, over.body).toBe(409);
    expect(errorOf(over).code).toBe('stock_limit');
    expect(errorOf(over).fields).toHaveProperty('change');
    // The limit is the product's, all its variants together.
    const sideways = await adjust({ variantId: w2, change: 11, reason: 'Delivery' });
    expect(sideways.statusCode, sideways.body).toBe(409);
    expect(await variantStockOf(t.db, w1)).toBe(STOCK_LIMIT - 10);
    expect(await stockOf(t.db, product)).toBe(STOCK_LIMIT - 10);

    const upTo = await adjust({ variantId: w2, change: 10, reason: 'Delivery' });
    expect(upTo.statusCode, upTo.body).toBe(201);
    expect(await stockOf(t.db, product)).toBe(STOCK_LIMIT);
    // The first variant's stock was set by hand-written SQL (outside the ledger, which the
    // storefront follows within the catalog's cache time): it shows once every variant's stock
    // is read again.
    clock.advance(STOCK_FULL_READ_MS + 1);
    await expect
      .poll(
        async () => {
          const page = await t.app.inject({ method: 'GET', url: `/api/products/${product}` });
          expect(page.statusCode, page.body).toBe(200);
          return productSchema.parse(page.json()).stock;
        },
        { timeout: 3 * CATALOG_CACHE_TTL_MS, interval: 250 },
      )
      .toBe(STOCK_LIMIT);
    const list = await t.app.inject({ method: 'GET', url: '/api/products?limit=48' });
    expect(list.statusCode, list.body).toBe(200);
    expect(productListSchema.parse(list.json()).items.length).toBeGreaterThan(0);
  }, 60_000);
});
