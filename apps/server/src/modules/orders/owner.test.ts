import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mergedListsSchema, serverCartSchema, serverWishlistSchema } from '@souq/contracts/carts';
import { ADDRESS_BOOK_MAX, addressListSchema, isSameAddress } from '@souq/contracts/addresses';
import {
  orderListSchema,
  orderSchema,
  placedOrderSchema,
  type Order,
} from '@souq/contracts/orders';
import { apiError, SAME_ORIGIN, signUpTestUser, type TestUser } from '../../test/auth-helpers';
import {
  billing,
  newKey,
  orderBody,
  productIds,
  setProduct,
  stockOf,
} from '../../test/orders-fixtures';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';

describe('isSameAddress, which keeps "save this address" from adding a copy', () => {
  it('matches every field exactly; any changed field is another address', () => {
    expect(isSameAddress(billing, { ...billing })).toBe(true);
    expect(isSameAddress(billing, { ...billing, apartment: 'Floor 2' })).toBe(false);
    expect(isSameAddress(billing, { ...billing, city: 'Irbid' })).toBe(false);
  });
});

/** Orders, carts and wishlists as signed-in shoppers reach them: real sessions over HTTP. */
describe.each(testDialects)('what a signed-in shopper owns, over HTTP on %s', (dialect) => {
  let t: TestApp;
  let ann: TestUser;
  let bob: TestUser;
  let ids: number[];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ids = await productIds(t.db, 3);
    ann = await signUpTestUser(t.app, { name: 'Ann' });
    bob = await signUpTestUser(t.app, { name: 'Bob' });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    for (const id of ids) await setProduct(t.db, id, { price: 1000, stock: 10 });
  });

  const p = (i: number) => ids[i]!;
  const call = (
    user: TestUser | null,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        'sec-fetch-site': 'same-origin',
        origin: SAME_ORIGIN,
        ...(user ? { cookie: user.cookie } : {}),
        ...headers,
      },
      ...(payload ? { payload } : {}),
    });
  const place = async (user: TestUser | null, quantity: number) => {
    const res = await call(
      user,
      'POST',
      '/api/orders',
      orderBody([{ productId: p(0), quantity }]),
      { 'idempotency-key': newKey() },
    );
    expect(res.statusCode, res.body).toBe(201);
    return orderSchema.parse(res.json());
  };
  const listOf = async (user: TestUser) => {
    const res = await call(user, 'GET', '/api/orders');
    expect(res.statusCode).toBe(200);
    return orderListSchema.parse(res.json()).items;
  };

  it("lists only the caller's orders, newest first, with their status", async () => {
    const first = await place(ann, 1);
    const second = await place(ann, 2);
    const bobs = await place(bob, 1);
    const guests = await place(null, 1);

    const anns = await listOf(ann);
    expect(anns.map((o) => o.id)).toEqual([second.id, first.id]);
    expect(anns.map((o) => o.status)).toEqual(['pending', 'pending']);
    expect(anns[0]?.total).toBe(second.total);
    const bobsList = (await listOf(bob)).map((o) => o.id);
    expect(bobsList).toContain(bobs.id);
    expect(bobsList).not.toContain(first.id);
    expect(bobsList).not.toContain(guests.id);
  });

  it('shows an order to its owner and answers 404 to anyone else', async () => {
    const order = await place(ann, 1);
    const own = await call(ann, 'GET', `/api/orders/${order.id}`);
    expect(own.statusCode).toBe(200);
    expect(orderSchema.parse(own.json())).toMatchObject({ id: order.id, number: order.number });

    const other = await call(bob, 'GET', `/api/orders/${order.id}`);
    expect(other.statusCode).toBe(404);
    expect(apiError(other).code).toBe('not_found');
  });

  it('lets the owner cancel once, returning the stock; others get 404', async () => {
    const order = await place(ann, 3);
    expect(await stockOf(t.db, p(0))).toBe(7);

    const byBob = await call(bob, 'POST', `/api/orders/${order.id}/cancel`);
    expect(byBob.statusCode).toBe(404);
    expect(await stockOf(t.db, p(0))).toBe(7);

    const cancelled = await call(ann, 'POST', `/api/orders/${order.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    const body = orderSchema.parse(cancelled.json());
    expect(body.status).toBe('cancelled');
    expect(body.cancelledAt).not.toBeNull();
    expect(await stockOf(t.db, p(0))).toBe(10);

    const again = await call(ann, 'POST', `/api/orders/${order.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(await stockOf(t.db, p(0))).toBe(10);
    expect((await listOf(ann)).find((o) => o.id === order.id)?.status).toBe('cancelled');
  });

  it('narrows the list by status and limit, newest first, and refuses bad values', async () => {
    const dan = await signUpTestUser(t.app, { name: 'Dan' });
    const placed = [];
    for (let i = 0; i < 3; i++) placed.push(await place(dan, 1));
    const [oldest, middle, newest] = placed as [Order, Order, Order];
    expect((await call(dan, 'POST', `/api/orders/${middle.id}/cancel`)).statusCode).toBe(200);

    const ids = async (query: string) => {
      const res = await call(dan, 'GET', `/api/orders?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return orderListSchema.parse(res.json()).items.map((o) => o.id);
    };
    expect(await ids('limit=2')).toEqual([newest.id, middle.id]);
    expect(await ids('status=pending')).toEqual([newest.id, oldest.id]);
    expect(await ids('status=cancelled')).toEqual([middle.id]);
    expect(await ids('status=pending&limit=1')).toEqual([newest.id]);

    for (const query of ['limit=0', 'limit=101', 'limit=two', 'limit=1.5', 'status=lost']) {
      const res = await call(dan, 'GET', `/api/orders?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(apiError(res).code, query).toBe('invalid_request');
      expect(Object.keys(apiError(res).fields ?? {}), query).toEqual([query.split('=')[0]]);
    }
  });

  describe('saving the billing address with the order', () => {
    const placeSaving = async (user: TestUser | null, extra: Record<string, unknown>) => {
      const res = await call(
        user,
        'POST',
        '/api/orders',
        orderBody([{ productId: p(1), quantity: 1 }], extra),
        { 'idempotency-key': newKey() },
      );
      expect(res.statusCode, res.body).toBe(201);
      return placedOrderSchema.parse(res.json());
    };
    const bookOf = async (user: TestUser) =>
      addressListSchema.parse((await call(user, 'GET', '/api/account/addresses')).json()).items;

    it('adds the address once, and not at all unless asked', async () => {
      const erin = await signUpTestUser(t.app, { name: 'Erin' });
      expect((await placeSaving(erin, {})).addressBook).toBeUndefined();
      expect(await bookOf(erin)).toEqual([]);

      expect((await placeSaving(erin, { saveAddress: true })).addressBook).toEqual({ saved: true });
      expect((await placeSaving(erin, { saveAddress: true })).addressBook).toEqual({ saved: true });
      const book = await bookOf(erin);
      expect(book).toHaveLength(1);
      expect(book[0]).toMatchObject({ ...billing, isDefault: true });
    });

    it('places the order when the book is full and says the address was not saved', async () => {
      const finn = await signUpTestUser(t.app, { name: 'Finn' });
      for (let i = 0; i < ADDRESS_BOOK_MAX; i++) {
        const added = await call(finn, 'POST', '/api/account/addresses', {
          ...billing,
          streetAddress: `${i + 1} Full Street`,
        });
        expect(added.statusCode).toBe(201);
      }
      const order = await placeSaving(finn, { saveAddress: true });
      expect(order.addressBook).toEqual({ saved: false, reason: 'address_book_full' });
      expect(order.status).toBe('pending');
      expect(await bookOf(finn)).toHaveLength(ADDRESS_BOOK_MAX);
    });

    it('tells a guest there is no address book to save to', async () => {
      const order = await placeSaving(null, { saveAddress: true });
      expect(order.addressBook).toEqual({ saved: false, reason: 'not_signed_in' });
    });

    it('refuses a saveAddress that is not true or false', async () => {
      const res = await call(
        ann,
        'POST',
        '/api/orders',
        orderBody([{ productId: p(1), quantity: 1 }], { saveAddress: 'yes' }),
        { 'idempotency-key': newKey() },
      );
      expect(res.statusCode).toBe(400);
      expect(apiError(res).fields).toHaveProperty('saveAddress');
    });
  });

  it('keeps carts and wishlists apart per shopper and refuses visitors', async () => {
    const putAnn = await call(ann, 'PUT', '/api/cart', {
      items: [{ productId: p(1), quantity: 2 }],
    });
    expect(putAnn.statusCode).toBe(200);
    await call(bob, 'PUT', '/api/cart', { items: [{ productId: p(2), quantity: 1 }] });
    await call(ann, 'PUT', '/api/wishlist', { productIds: [p(0)] });
    await call(bob, 'PUT', '/api/wishlist', { productIds: [p(1), p(2)] });

    const cartOf = async (user: TestUser) =>
      serverCartSchema
        .parse((await call(user, 'GET', '/api/cart')).json())
        .items.map((i) => [i.id, i.quantity]);
    const wishlistOf = async (user: TestUser) =>
      serverWishlistSchema
        .parse((await call(user, 'GET', '/api/wishlist')).json())
        .items.map((i) => i.id);
    expect(await cartOf(ann)).toEqual([[p(1), 2]]);
    expect(await cartOf(bob)).toEqual([[p(2), 1]]);
    expect(await wishlistOf(ann)).toEqual([p(0)]);
    expect(await wishlistOf(bob)).toEqual([p(1), p(2)]);

    for (const [method, url] of [
      ['GET', '/api/cart'],
      ['GET', '/api/wishlist'],
    ] as const) {
      const visitor = await call(null, method, url);
      expect(visitor.statusCode, url).toBe(401);
      expect(apiError(visitor).code).toBe('unauthenticated');
    }
  });

  it('merges a browser cart into the saved one: sums capped by stock, no duplicates', async () => {
    const carol = await signUpTestUser(t.app, { name: 'Carol' });
    await call(carol, 'PUT', '/api/cart', {
      items: [
        { productId: p(0), quantity: 6 },
        { productId: p(1), quantity: 1 },
      ],
    });
    await call(carol, 'PUT', '/api/wishlist', { productIds: [p(2)] });

    const res = await call(carol, 'POST', '/api/cart/merge', {
      cart: [
        { productId: p(0), quantity: 7 },
        { productId: p(2), quantity: 2 },
      ],
      wishlist: [p(2), p(1)],
    });
    expect(res.statusCode).toBe(200);
    const merged = mergedListsSchema.parse(res.json());
    expect(merged.cart.items.map((i) => [i.id, i.quantity])).toEqual([
      [p(0), 10], // 6 + 7, capped by stock 10
      [p(1), 1],
      [p(2), 2],
    ]);
    expect(merged.wishlist.items.map((i) => i.id)).toEqual([p(2), p(1)]);

    // The saved cart is what every other browser of Carol's now reads.
    const saved = serverCartSchema.parse((await call(carol, 'GET', '/api/cart')).json());
    expect(saved.items).toEqual(merged.cart.items);
    const visitor = await call(null, 'POST', '/api/cart/merge', { cart: [], wishlist: [] });
    expect(visitor.statusCode).toBe(401);
  });
});
