import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_LINE_MAX_QUANTITY } from '@souq/contracts/orders';
import {
  productIds,
  productWithVariants,
  setProduct,
  setVariantStocks,
  variantsOf,
} from '../../test/orders-fixtures';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { createCartsRepository } from './carts.repository';
import { createCartsService, mergedQuantity } from './carts.service';

describe('merged quantity', () => {
  it('adds up, caps at stock and the per-line maximum, and keeps a sold-out line at 1', () => {
    expect(mergedQuantity(5, 10)).toBe(5);
    expect(mergedQuantity(12, 10)).toBe(10);
    expect(mergedQuantity(500, 1000)).toBe(ORDER_LINE_MAX_QUANTITY);
    expect(mergedQuantity(3, 0)).toBe(1);
  });
});

describe.each(testDialects)('saved carts and wishlists on %s', (dialect) => {
  let t: TestApp;
  let ids: number[];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ids = await productIds(t.db, 4);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    for (const id of ids) await setProduct(t.db, id, { stock: 10 });
  });

  const p = (i: number) => ids[i]!;

  it('asks a visitor to sign in for every saved-list route', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/cart', undefined],
      ['PUT', '/api/cart', { items: [] }],
      ['POST', '/api/cart/merge', { cart: [], wishlist: [] }],
      ['GET', '/api/wishlist', undefined],
      ['PUT', '/api/wishlist', { productIds: [] }],
    ] as const) {
      const res = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('replaces the cart, dropping unknown products, and reads it back with product details', async () => {
    const carts = createCartsService({ repository: createCartsRepository(t.db) });
    const cart = await carts.putCart('user-a', [
      { productId: p(1), quantity: 2 },
      { productId: 999_999, quantity: 1 },
      { productId: p(0), quantity: 1 },
    ]);
    expect(cart.items.map((i) => [i.id, i.quantity])).toEqual([
      [p(1), 2],
      [p(0), 1],
    ]);
    expect(cart.items[0]).toMatchObject({ stock: 10, currency: 'USD' });
    expect((await carts.getCart('user-a')).items).toEqual(cart.items);
    expect((await carts.getCart('user-b')).items).toEqual([]);
  });

  it('merges the browser lists into the saved ones: sums capped by stock, no duplicates', async () => {
    const carts = createCartsService({ repository: createCartsRepository(t.db) });
    await carts.putCart('user-m', [
      { productId: p(0), quantity: 4 },
      { productId: p(1), quantity: 1 },
    ]);
    await carts.putWishlist('user-m', [p(2)]);
    await setProduct(t.db, p(3), { stock: 0 });
    const merged = await carts.merge('user-m', {
      cart: [
        { productId: p(0), quantity: 9 },
        { productId: p(2), quantity: 2 },
        { productId: p(3), quantity: 2 },
        { productId: 999_999, quantity: 1 },
      ],
      wishlist: [p(2), p(0), 999_999],
    });
    expect(merged.cart.items.map((i) => [i.id, i.quantity])).toEqual([
      [p(0), 10], // 4 + 9, capped by stock 10
      [p(1), 1],
      [p(2), 2],
      [p(3), 1], // sold out: kept at 1 so the cart can flag it
    ]);
    expect(merged.wishlist.items.map((i) => i.id)).toEqual([p(2), p(0)]);
    // Merging the same lists again from a second browser changes nothing but the sums.
    const again = await carts.merge('user-m', { cart: [], wishlist: [p(2)] });
    expect(again.cart.items).toEqual(merged.cart.items);
    expect(again.wishlist.items.map((i) => i.id)).toEqual([p(2), p(0)]);
  });

  it('keeps a line per variant: each with its own stock, merged per variant, unknown or archived ones dropped', async () => {
    const carts = createCartsService({ repository: createCartsRepository(t.db) });
    const dressed = await productWithVariants(t.db);
    const [v1, v2, v3] = (await setVariantStocks(t.db, dressed, [3, 8, 5])) as [
      number,
      number,
      number,
    ];
    const [otherVariant] = await variantsOf(t.db, p(0));
    await carts.putCart('user-v', [
      { productId: dressed, variantId: v1, quantity: 2 },
      { productId: dressed, variantId: v2, quantity: 1 },
      // no variant named, for a product that has several
      { productId: dressed, quantity: 1 },
      // another product's variant
      { productId: dressed, variantId: otherVariant!.id, quantity: 1 },
      { productId: dressed, variantId: v3, quantity: 1 },
    ]);
    await t.db.kysely
      .updateTable('product_variants')
      .set({ archived_at: new Date().toISOString() })
      .where('id', '=', v3)
      .execute();
    const merged = await carts.merge('user-v', {
      cart: [
        { productId: dressed, variantId: v1, quantity: 5 },
        { productId: dressed, variantId: v2, quantity: 2 },
        { productId: p(0), quantity: 1 },
      ],
      wishlist: [dressed],
    });
    expect(merged.cart.items.map((i) => [i.id, i.variant.id, i.quantity, i.stock])).toEqual([
      [dressed, v1, 3, 3], // 2 + 5, capped by the variant's stock 3
      [dressed, v2, 3, 8],
      [p(0), otherVariant!.id, 1, 10],
    ]);
    const [first] = await variantsOf(t.db, dressed);
    expect(merged.cart.items[0]!.variant).toEqual({
      id: v1,
      colour: first!.colour ? (expect.objectContaining({ name: first!.colour }) as unknown) : null,
      size: first!.size || null,
    });
    expect(merged.wishlist.items.map((i) => i.id)).toEqual([dressed]);
    await t.db.kysely
      .updateTable('product_variants')
      .set({ archived_at: null })
      .where('id', '=', v3)
      .execute();
  });

  it('refuses malformed lists with a 400 before asking who the shopper is', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/cart',
      payload: { items: [{ productId: p(0), quantity: 1.5 }] },
    });
    expect(res.statusCode).toBe(400);
  });
});
