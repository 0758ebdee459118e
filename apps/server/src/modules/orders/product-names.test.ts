import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverCartSchema, serverWishlistSchema } from '@souq/contracts/carts';
import { orderListSchema, orderSchema, quoteSchema } from '@souq/contracts/orders';
import { SAME_ORIGIN, signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { newKey, orderBody, productIds, setProduct } from '../../test/orders-fixtures';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { setProductTexts } from '../catalog/catalog-translations';

/** A product's Arabic name travels with it into every list a shopper reads in Arabic. */
describe.each(testDialects)('product names in other languages on %s', (dialect) => {
  let t: TestApp;
  let shopper: TestUser;
  let named: number;
  let unnamed: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [named, unnamed] = (await productIds(t.db, 2)) as [number, number];
    for (const id of [named, unnamed]) await setProduct(t.db, id, { stock: 20 });
    await setProductTexts(t.db.kysely, 'ar', [
      { productId: named, text: { name: 'قميص كتان', description: null } },
      { productId: unnamed, text: null },
    ]);
    shopper = await signUpTestUser(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: {
        origin: SAME_ORIGIN,
        cookie: shopper.cookie,
        ...(url === '/api/orders' && method === 'POST' ? { 'idempotency-key': newKey() } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  const arabic = { ar: { name: 'قميص كتان' } };

  it('in the saved cart and wishlist', async () => {
    const cart = await call('PUT', '/api/cart', {
      items: [
        { productId: named, quantity: 1 },
        { productId: unnamed, quantity: 1 },
      ],
    });
    expect(cart.statusCode, cart.body).toBe(200);
    expect(
      serverCartSchema
        .parse((await call('GET', '/api/cart')).json())
        .items.map((i) => i.translations),
    ).toEqual([arabic, {}]);

    await call('PUT', '/api/wishlist', { productIds: [named] });
    const wishlist = serverWishlistSchema.parse((await call('GET', '/api/wishlist')).json());
    expect(wishlist.items[0]?.translations).toEqual(arabic);
  });

  it('in the quote', async () => {
    const res = await call('POST', '/api/orders/quote', {
      lines: [
        { productId: named, quantity: 1 },
        { productId: unnamed, quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const quote = quoteSchema.parse(res.json());
    expect(quote.lines.map((l) => l.product?.translations)).toEqual([arabic, {}]);
  });

  it('in the placed order and when it is read later, as it was when placed', async () => {
    const res = await call(
      'POST',
      '/api/orders',
      orderBody([
        { productId: named, quantity: 1 },
        { productId: unnamed, quantity: 1 },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const placed = orderSchema.parse(res.json());
    expect(placed.lines.map((l) => l.translations)).toEqual([arabic, {}]);

    await setProductTexts(t.db.kysely, 'ar', [
      { productId: named, text: { name: 'اسم جديد', description: null } },
    ]);
    const read = orderSchema.parse((await call('GET', `/api/orders/${placed.id}`)).json());
    expect(read.lines.map((l) => l.translations)).toEqual([arabic, {}]);
    const list = orderListSchema.parse((await call('GET', '/api/orders')).json());
    expect(list.items.find((o) => o.id === placed.id)?.lines[0]?.translations).toEqual(arabic);
  });
});
