import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@souq/contracts/errors';
import { orderSchema, quoteSchema } from '@souq/contracts/orders';
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
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { offlineOrderDependencies } from '../../test/payments-fixtures';
import { createCoupon } from '../marketing/coupons.admin';
import { ORDER_LOOKUP_RATE_LIMIT } from './orders.routes';
import {
  createOrdersRepository,
  type OrdersQueries,
  type OrdersRepository,
} from './orders.repository';
import { createAccountRepository } from '../account/account.repository';
import { createAccountService } from '../account/account.service';
import { accountAddressBook, createOrdersService, orderRequestHash } from './orders.service';

describe.each(testDialects)('orders API on %s', (dialect) => {
  let t: TestApp;
  let a: number;
  let b: number;
  let c: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [a, b, c] = (await productIds(t.db, 3)) as [number, number, number];
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await setProduct(t.db, a, { price: 2500, stock: 50 });
    await setProduct(t.db, b, { price: 1000, stock: 50 });
    await setProduct(t.db, c, { price: 20_000, stock: 50 });
  });

  const place = (body: unknown, key: string | null = newKey()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: key === null ? {} : { 'idempotency-key': key },
      payload: body as Record<string, unknown>,
    });
  const errorOf = (res: { json: () => unknown }) => apiErrorSchema.parse(res.json()).error;

  it('prices the order from the catalog and ignores any price the client sends', async () => {
    const res = await place(
      orderBody(
        [
          { productId: a, quantity: 2, price: 1, unitPrice: 1 },
          { productId: b, quantity: 1 },
        ],
        { total: 1, subtotal: 1, discount: 99_999, shipping: 0 },
      ),
    );
    expect(res.statusCode).toBe(201);
    const order = orderSchema.parse(res.json());
    expect(order.lines.map((l) => [l.productId, l.unitPrice, l.quantity, l.lineTotal])).toEqual([
      [a, 2500, 2, 5000],
      [b, 1000, 1, 1000],
    ]);
    // 6000 is under the free-shipping threshold: flat 500.
    expect(order).toMatchObject({ subtotal: 6000, discount: 0, shipping: 500, total: 6500 });
    expect(order.number).toMatch(/^SQ-[0-9A-Z]{8}$/);
    expect(order.status).toBe('pending');
    expect(await stockOf(t.db, a)).toBe(48);
  });

  it('ships free from the threshold', async () => {
    const order = orderSchema.parse(
      (await place(orderBody([{ productId: c, quantity: 1 }]))).json(),
    );
    expect(order).toMatchObject({ subtotal: 20_000, shipping: 0, total: 20_000 });
  });

  it('refuses two lines of the same product variant (the contract)', async () => {
    const res = await place(
      orderBody([
        { productId: a, quantity: 2 },
        { productId: a, quantity: 3 },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('invalid_request');
    const [variant] = await variantsOf(t.db, a);
    const named = await place(
      orderBody([
        { productId: a, variantId: variant!.id, quantity: 2 },
        { productId: a, variantId: variant!.id, quantity: 3 },
      ]),
    );
    expect(named.statusCode).toBe(400);
    expect(await stockOf(t.db, a)).toBe(50);
  });

  describe('a product in several colours and sizes', () => {
    let dressed: number;
    let v1: number;
    let v2: number;
    beforeEach(async () => {
      dressed = await productWithVariants(t.db);
      [v1, v2] = (await setVariantStocks(t.db, dressed, [1, 5])) as [number, number];
    });

    it('sells each variant from its own stock and keeps the colour and size on the line', async () => {
      const res = await place(
        orderBody([
          { productId: dressed, variantId: v1, quantity: 1 },
          { productId: dressed, variantId: v2, quantity: 2 },
        ]),
      );
      expect(res.statusCode).toBe(201);
      const order = orderSchema.parse(res.json());
      const [first, second] = await variantsOf(t.db, dressed);
      expect(order.lines.map((l) => l.variant)).toEqual([
        {
          id: v1,
          colour: expect.objectContaining({ name: first!.colour }) as unknown,
          size: first!.size || null,
        },
        {
          id: v2,
          colour: expect.objectContaining({ name: second!.colour }) as unknown,
          size: second!.size || null,
        },
      ]);
      expect(order.lines[0]!.variant!.colour!.hex).toMatch(/^#[0-9a-f]{6}$/i);
      expect([await variantStockOf(t.db, v1), await variantStockOf(t.db, v2)]).toEqual([0, 3]);
      expect(await stockOf(t.db, dressed)).toBe(3);

      // The last of the first is gone; the second is still on sale.
      const quote = quoteSchema.parse(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/orders/quote',
            payload: {
              lines: [
                { productId: dressed, variantId: v1, quantity: 1 },
                { productId: dressed, variantId: v2, quantity: 1 },
              ],
            },
          })
        ).json(),
      );
      expect(quote.lines.map((l) => [l.variant?.id, l.status, l.product?.stock])).toEqual([
        [v1, 'out_of_stock', 0],
        [v2, 'ok', 3],
      ]);
      const short = await place(orderBody([{ productId: dressed, variantId: v1, quantity: 1 }]));
      expect(short.statusCode).toBe(409);
      expect(errorOf(short)).toMatchObject({
        code: 'insufficient_stock',
        fields: { 'lines.0.quantity': '0 left' },
      });

      // The guest look-up shows the variant bought too.
      const found = await t.app.inject({
        method: 'POST',
        url: '/api/orders/lookup',
        payload: { number: order.number, email: billing.email },
      });
      expect(orderSchema.parse(found.json()).lines.map((l) => l.variant?.id)).toEqual([v1, v2]);
    });

    it("marks unavailable, and refuses, a line without a variant, with another product's or an archived one", async () => {
      const [otherVariant] = await variantsOf(t.db, a);
      await t.db.kysely
        .updateTable('product_variants')
        .set({ archived_at: new Date().toISOString() })
        .where('id', '=', v2)
        .execute();
      const lines = [
        { productId: dressed, quantity: 1 },
        { productId: dressed, variantId: otherVariant!.id, quantity: 1 },
        { productId: dressed, variantId: v2, quantity: 1 },
        { productId: dressed, variantId: v1, quantity: 1 },
      ];
      const quote = quoteSchema.parse(
        (
          await t.app.inject({ method: 'POST', url: '/api/orders/quote', payload: { lines } })
        ).json(),
      );
      expect(quote.lines.map((l) => [l.status, l.variant?.id ?? null])).toEqual([
        ['unavailable', null],
        ['unavailable', null],
        ['unavailable', null],
        ['ok', v1],
      ]);
      expect(quote.subtotal).toBe(quote.lines[3]!.lineTotal);
      const res = await place(orderBody(lines));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'unknown_products',
        fields: {
          'lines.0.variantId': expect.any(String) as unknown,
          'lines.1.variantId': expect.any(String) as unknown,
          'lines.2.variantId': expect.any(String) as unknown,
        },
      });
      expect(await variantStockOf(t.db, v1)).toBe(1);
      await t.db.kysely
        .updateTable('product_variants')
        .set({ archived_at: null })
        .where('id', '=', v2)
        .execute();
    });
  });

  it.each([
    ['zero', 0],
    ['negative', -1],
    ['a fraction', 1.5],
    ['a string', '2'],
    ['over the per-line maximum', 100],
  ])('refuses a quantity that is %s with a 400', async (_label, quantity) => {
    const res = await place(orderBody([{ productId: a, quantity }]));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toHaveProperty(['lines.0.quantity']);
    expect(await stockOf(t.db, a)).toBe(50);
  });

  it('refuses two lines of one product that together pass the per-line maximum', async () => {
    const res = await place(
      orderBody([
        { productId: a, quantity: 50 },
        { productId: a, quantity: 50 },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(await stockOf(t.db, a)).toBe(50);
  });

  it('names unknown products in a 400', async () => {
    const res = await place(
      orderBody([
        { productId: a, quantity: 1 },
        { productId: 999_991, quantity: 1 },
        { productId: 999_992, quantity: 1 },
      ]),
    );
    expect(res.statusCode).toBe(400);
    const error = errorOf(res);
    expect(error.code).toBe('unknown_products');
    expect(error.message).toContain('999991');
    expect(error.message).toContain('999992');
    expect(await stockOf(t.db, a)).toBe(50);
  });

  it('refuses short stock with a 409 naming each product and what is left, taking nothing', async () => {
    await setProduct(t.db, a, { stock: 1 });
    await setProduct(t.db, b, { stock: 0 });
    const res = await place(
      orderBody([
        { productId: a, quantity: 2 },
        { productId: b, quantity: 1 },
        { productId: c, quantity: 1 },
      ]),
    );
    expect(res.statusCode).toBe(409);
    const error = errorOf(res);
    expect(error.code).toBe('insufficient_stock');
    expect(error.message).toMatch(/: 1 left/);
    expect(error.message).toMatch(/: 0 left/);
    expect(error.fields).toEqual({ 'lines.0.quantity': '1 left', 'lines.1.quantity': '0 left' });
    expect([await stockOf(t.db, a), await stockOf(t.db, b), await stockOf(t.db, c)]).toEqual([
      1, 0, 50,
    ]);
  });

  it('needs a well-formed Idempotency-Key', async () => {
    for (const key of [null, 'short', 'has spaces in it', 'x'.repeat(101)]) {
      const res = await place(orderBody([{ productId: a, quantity: 1 }]), key);
      expect(res.statusCode, String(key)).toBe(400);
      expect(errorOf(res).fields).toHaveProperty(['idempotency-key']);
    }
  });

  it('validates the billing details and payment method', async () => {
    const res = await place({
      lines: [{ productId: a, quantity: 1 }],
      billing: { ...billing, firstName: ' ', email: 'not-an-email', phone: 'call me' },
      paymentMethod: 'cheque',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(errorOf(res).fields ?? {}).sort()).toEqual([
      'billing.email',
      'billing.firstName',
      'billing.phone',
      'paymentMethod',
    ]);
  });

  it('refuses an empty order', async () => {
    expect((await place(orderBody([]))).statusCode).toBe(400);
  });

  describe('idempotency', () => {
    it('answers a repeat of the same key and body with the same order, not a second one', async () => {
      const key = newKey();
      const body = orderBody([{ productId: a, quantity: 1 }]);
      const first = await place(body, key);
      const again = await place(body, key);
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(await stockOf(t.db, a)).toBe(49);
    });

    it('treats a repeat that differs only in ignored price fields as the same request', async () => {
      const key = newKey();
      const first = await place(orderBody([{ productId: a, quantity: 1 }]), key);
      const again = await place(orderBody([{ productId: a, quantity: 1, price: 5 }]), key);
      expect(again.statusCode).toBe(200);
      expect(orderSchema.parse(again.json()).id).toBe(orderSchema.parse(first.json()).id);
    });

    it('refuses the same key with a different body with a 422', async () => {
      const key = newKey();
      await place(orderBody([{ productId: a, quantity: 1 }]), key);
      const res = await place(orderBody([{ productId: a, quantity: 2 }]), key);
      expect(res.statusCode).toBe(422);
      expect(errorOf(res).code).toBe('idempotency_key_reused');
      expect(await stockOf(t.db, a)).toBe(49);
    });

    it('lets a key whose attempt failed be used again', async () => {
      const key = newKey();
      await setProduct(t.db, a, { stock: 0 });
      expect((await place(orderBody([{ productId: a, quantity: 1 }]), key)).statusCode).toBe(409);
      await setProduct(t.db, a, { stock: 5 });
      expect((await place(orderBody([{ productId: a, quantity: 1 }]), key)).statusCode).toBe(201);
    });

    it('makes one order from 50 parallel identical requests', async () => {
      const before = await orderCount(t.db);
      const key = newKey();
      const body = orderBody([{ productId: b, quantity: 2 }]);
      const responses = await Promise.all(Array.from({ length: 50 }, () => place(body, key)));
      const statuses = responses.map((r) => r.statusCode);
      // One creates it; the rest replay it (200) or are told it is still in flight (409).
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.every((s) => s === 201 || s === 200 || s === 409)).toBe(true);
      const ids = new Set(
        responses.filter((r) => r.statusCode < 300).map((r) => orderSchema.parse(r.json()).id),
      );
      expect(ids.size).toBe(1);
      expect(await orderCount(t.db)).toBe(before + 1);
      expect(await stockOf(t.db, b)).toBe(48);
      // Once the first has finished, every retry gets the order.
      expect((await place(body, key)).statusCode).toBe(200);
    });
  });

  describe('coupons', () => {
    it('applies a percent coupon computed by the server, case-insensitively', async () => {
      await createCoupon(t.db, { code: `ten-${dialect}`, kind: 'percent', amount: 10 });
      const res = await place(
        orderBody([{ productId: a, quantity: 3 }], { couponCode: `TEN-${dialect}`.toLowerCase() }),
      );
      expect(res.statusCode).toBe(201);
      // 7500 - 750 = 6750, under the threshold: + 500 shipping.
      expect(orderSchema.parse(res.json())).toMatchObject({
        subtotal: 7500,
        discount: 750,
        shipping: 500,
        total: 7250,
        couponCode: `TEN-${dialect}`.toUpperCase(),
      });
    });

    it('refuses an order with a coupon that does not apply, taking no stock', async () => {
      await createCoupon(t.db, {
        code: `BIG-${dialect}`,
        kind: 'fixed',
        amount: 1000,
        minSubtotal: 10_000,
      });
      for (const [code, expected] of [
        [`BIG-${dialect}`, 'minimum'],
        ['NOSUCHCODE', 'does not exist'],
      ] as const) {
        const res = await place(orderBody([{ productId: a, quantity: 1 }], { couponCode: code }));
        expect(res.statusCode).toBe(400);
        expect(errorOf(res)).toMatchObject({ code: 'coupon_rejected' });
        expect(errorOf(res).fields?.couponCode).toContain(expected);
      }
      expect(await stockOf(t.db, a)).toBe(50);
    });

    it('holds a first-order code to one use per email, and to its own email', async () => {
      await createCoupon(t.db, {
        code: `WELCOME-${dialect}`,
        kind: 'percent',
        amount: 10,
        maxUsesPerEmail: 1,
        email: billing.email,
      });
      const body = orderBody([{ productId: a, quantity: 1 }], { couponCode: `WELCOME-${dialect}` });
      expect((await place(body)).statusCode).toBe(201);
      const second = await place(body);
      expect(second.statusCode).toBe(400);
      expect(errorOf(second).message).toContain('already been used');
      const other = await place({ ...body, billing: { ...billing, email: 'bob@example.com' } });
      expect(errorOf(other).message).toContain('another email');
    });

    it('keeps a single-use coupon single-use under 20 concurrent checkouts', async () => {
      await createCoupon(t.db, { code: `ONCE-${dialect}`, kind: 'fixed', amount: 300, maxUses: 1 });
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          place({
            ...orderBody([{ productId: b, quantity: 1 }], { couponCode: `ONCE-${dialect}` }),
            billing: { ...billing, email: `shopper${i}@example.com` },
          }),
        ),
      );
      expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
      expect(responses.filter((r) => r.statusCode === 400)).toHaveLength(19);
      expect(await stockOf(t.db, b)).toBe(49);
      const coupon = await t.db.kysely
        .selectFrom('coupons')
        .select('uses_count')
        .where('code', '=', `ONCE-${dialect}`.toUpperCase())
        .executeTakeFirstOrThrow();
      expect(coupon.uses_count).toBe(1);
    });
  });

  describe('quote', () => {
    const quote = (body: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/orders/quote', payload: body as object });

    it('prices a cart with current prices and flags what cannot be bought', async () => {
      await setProduct(t.db, b, { stock: 1 });
      await setProduct(t.db, c, { stock: 0 });
      const res = await quote({
        lines: [
          { productId: a, quantity: 2 },
          { productId: b, quantity: 3 },
          { productId: c, quantity: 1 },
          { productId: 999_999, quantity: 1 },
        ],
      });
      expect(res.statusCode).toBe(200);
      const body = quoteSchema.parse(res.json());
      expect(body.lines.map((l) => [l.productId, l.status])).toEqual([
        [a, 'ok'],
        [b, 'short'],
        [c, 'out_of_stock'],
        [999_999, 'unavailable'],
      ]);
      expect(body.lines[0]!.product).toMatchObject({ price: 2500, stock: 50 });
      expect(body.subtotal).toBe(5000 + 3000 + 20_000);
      expect(body.coupon).toBeNull();
      expect(await stockOf(t.db, a)).toBe(50);
    });

    it('previews a coupon: applied with its discount, or rejected with the reason', async () => {
      await createCoupon(t.db, { code: `PREVIEW-${dialect}`, kind: 'percent', amount: 20 });
      const ok = quoteSchema.parse(
        (
          await quote({
            lines: [{ productId: a, quantity: 4 }],
            couponCode: `preview-${dialect}`,
            address: { country: 'EG' },
          })
        ).json(),
      );
      expect(ok).toMatchObject({ subtotal: 10_000, discount: 2000, shipping: 500, total: 8500 });
      expect(ok.coupon).toMatchObject({ applied: true, rejection: null });
      const bad = quoteSchema.parse(
        (await quote({ lines: [{ productId: a, quantity: 1 }], couponCode: 'NOPE' })).json(),
      );
      expect(bad.coupon).toMatchObject({ applied: false, rejection: 'unknown' });
      expect(bad.discount).toBe(0);
    });
  });

  describe('a cart priced in two currencies', () => {
    let euro: number;
    beforeAll(async () => {
      euro = (await productIds(t.db, 4))[3]!;
      await t.db.kysely
        .updateTable('products')
        .set({ currency: 'EUR', price_cents: 900, stock: 50 })
        .where('id', '=', euro)
        .execute();
    });
    afterAll(() =>
      t.db.kysely.updateTable('products').set({ currency: 'USD' }).where('id', '=', euro).execute(),
    );
    const mixed = () => [
      { productId: a, quantity: 1 },
      { productId: euro, quantity: 2 },
    ];

    it("is quoted in the first line's currency, the other line reported and left out", async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders/quote',
        payload: { lines: mixed(), address: { country: 'EG' } },
      });
      expect(res.statusCode).toBe(200);
      const body = quoteSchema.parse(res.json());
      expect(body.lines.map((l) => [l.productId, l.status, l.lineTotal])).toEqual([
        [a, 'ok', 2500],
        [euro, 'other_currency', 0],
      ]);
      expect(body.lines[1]!.product).toMatchObject({ currency: 'EUR', price: 900 });
      expect(body).toMatchObject({ currency: 'USD', subtotal: 2500, total: 3000 });
    });

    it('is refused at Place Order naming the same line, taking no stock', async () => {
      const res = await place(orderBody(mixed()));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'mixed_currencies',
        fields: { 'lines.1.productId': 'priced in EUR; this order is paid in USD' },
      });
      expect(await stockOf(t.db, a)).toBe(50);
      expect(await stockOf(t.db, euro)).toBe(50);
    });
  });

  describe('guest look-up and owner-only routes', () => {
    it('finds a guest order by number and email, and nothing with either wrong', async () => {
      const order = orderSchema.parse(
        (await place(orderBody([{ productId: a, quantity: 1 }]))).json(),
      );
      const lookup = (payload: object) =>
        t.app.inject({ method: 'POST', url: '/api/orders/lookup', payload });
      const found = await lookup({ number: order.number.toLowerCase(), email: 'ADA@example.com' });
      expect(found.statusCode).toBe(200);
      expect(orderSchema.parse(found.json()).id).toBe(order.id);
      expect((await lookup({ number: order.number, email: 'eve@example.com' })).statusCode).toBe(
        404,
      );
      expect((await lookup({ number: 'SQ-00000000', email: billing.email })).statusCode).toBe(404);
      expect((await lookup({ number: order.number, email: 'nope' })).statusCode).toBe(400);
    });

    it('limits the guest look-up per client address, so numbers cannot be guessed at speed', async () => {
      const lookupFrom = (remoteAddress: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/orders/lookup',
          payload: { number: 'SQ-00000000', email: billing.email },
          remoteAddress,
        });
      for (let i = 0; i < ORDER_LOOKUP_RATE_LIMIT.max; i++) {
        expect((await lookupFrom('10.0.9.1')).statusCode).toBe(404);
      }
      const limited = await lookupFrom('10.0.9.1');
      expect(limited.statusCode).toBe(429);
      expect(errorOf(limited).code).toBe('rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not affected.
      expect((await lookupFrom('10.0.9.2')).statusCode).toBe(404);
    });

    it('asks a visitor to sign in for the order list, an order and a cancellation', async () => {
      const order = orderSchema.parse(
        (await place(orderBody([{ productId: a, quantity: 1 }]))).json(),
      );
      for (const [method, url] of [
        ['GET', '/api/orders'],
        ['GET', `/api/orders/${order.id}`],
        ['POST', `/api/orders/${order.id}/cancel`],
      ] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, url).toBe(401);
        expect(errorOf(res).code).toBe('unauthenticated');
      }
      expect(await stockOf(t.db, a)).toBe(49);
    });
  });

  describe('orders service', () => {
    const bob = { id: 'user-bob', email: 'bob@example.com' };
    const cy = { id: 'user-cy', email: 'cy@example.com' };
    /** The service over the real repository, with some queries replaced (in and out of transactions). */
    const service = (
      replace: (queries: OrdersQueries) => Partial<OrdersQueries> = () => ({}),
      clock?: () => Date,
      orderNumber?: () => string,
    ) => {
      const real = createOrdersRepository(t.db);
      const repository: OrdersRepository = {
        ...real,
        ...replace(real),
        transaction: (work) =>
          real.transaction((queries) => work({ ...queries, ...replace(queries) })),
      };
      return createOrdersService({
        repository,
        addressBook: accountAddressBook(
          createAccountService({
            repository: createAccountRepository(t.db),
            uploadsDir: t.dataDir,
          }),
        ),
        ...offlineOrderDependencies(t.db),
        ...(clock ? { clock } : {}),
        ...(orderNumber ? { orderNumber } : {}),
      });
    };
    const input = (quantity: number) => ({
      lines: [{ productId: a, quantity }],
      billing,
      paymentMethod: 'bank_transfer' as const,
    });

    it('leaves no order and no stock change when a step after the stock step fails', async () => {
      const before = await orderCount(t.db);
      // A step after the write, as an order with a coupon has: its write leaves the commit to it.
      const failing = service((queries) => ({
        writePlacedOrder: async (placed) => {
          await queries.writePlacedOrder({ ...placed, endsTransaction: false });
          throw new Error('disk full');
        },
      }));
      await expect(
        failing.placeOrder(input(3), { idempotencyKey: newKey(), userId: null }),
      ).rejects.toThrow('disk full');
      expect(await stockOf(t.db, a)).toBe(50);
      expect(await orderCount(t.db)).toBe(before);
    });

    it("leaves no order, no variant's stock change and no ledger row when the transaction dies after the stock is taken", async () => {
      const dressed = await productWithVariants(t.db);
      const [v1] = (await setVariantStocks(t.db, dressed, [4])) as [number];
      const ledger = async () =>
        (await t.db.kysely.selectFrom('stock_movements').select('id').execute()).length;
      const movementsBefore = await ledger();
      const before = await orderCount(t.db);
      const dying = service((queries) => ({
        writePlacedOrder: async (placed) => {
          await queries.writePlacedOrder({ ...placed, endsTransaction: false });
          throw new Error('killed');
        },
      }));
      const variantLine = {
        lines: [{ productId: dressed, variantId: v1, quantity: 3 }],
        billing,
        paymentMethod: 'bank_transfer' as const,
      };
      await expect(
        dying.placeOrder(variantLine, { idempotencyKey: newKey(), userId: null }),
      ).rejects.toThrow('killed');
      expect(await variantStockOf(t.db, v1)).toBe(4);
      expect(await stockOf(t.db, dressed)).toBe(4);
      expect(await orderCount(t.db)).toBe(before);
      expect(await ledger()).toBe(movementsBefore);
      // The shopper's retry with a new attempt buys them.
      const placed = await service().placeOrder(variantLine, {
        idempotencyKey: newKey(),
        userId: null,
      });
      expect(placed.order.lines[0]!.variant?.id).toBe(v1);
      expect(await variantStockOf(t.db, v1)).toBe(1);
    });

    it('keeps nothing of an order whose write fails though nothing follows it: key, stock and mail as before', async () => {
      // The second order draws the first's number, so its write fails on the number's unique
      // index; on PostgreSQL that write carries the transaction's COMMIT (decision 029).
      const repeated = service(undefined, undefined, () => 'SQ-REPEATED');
      const mails = async () =>
        (await t.db.kysely.selectFrom('mail_outbox').select('id').execute()).length;
      const first = await repeated.placeOrder(input(1), { idempotencyKey: newKey(), userId: null });
      expect(first.order.number).toBe('SQ-REPEATED');
      const ordersBefore = await orderCount(t.db);
      const mailsBefore = await mails();
      const key = newKey();
      const cashOrder = { ...input(2), paymentMethod: 'cash_on_delivery' as const };
      await expect(
        repeated.placeOrder(cashOrder, { idempotencyKey: key, userId: null }),
      ).rejects.toThrow();
      expect(await stockOf(t.db, a)).toBe(49);
      expect(await orderCount(t.db)).toBe(ordersBefore);
      expect(await mails()).toBe(mailsBefore);
      // Its key was let go with the rest: the same request places the order now.
      const again = await service().placeOrder(cashOrder, { idempotencyKey: key, userId: null });
      expect(again.created).toBe(true);
      expect(await stockOf(t.db, a)).toBe(47);
    });

    it('makes the same key wait while the first attempt is in flight, then answers with its order', async () => {
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      let reachedLines: () => void = () => {};
      const inFlight = new Promise<void>((resolve) => (reachedLines = resolve));
      const slow = service((queries) => ({
        writePlacedOrder: async (...args) => {
          reachedLines();
          await gate;
          return queries.writePlacedOrder(...args);
        },
      }));
      const key = newKey();
      const first = slow.placeOrder(input(1), { idempotencyKey: key, userId: null });
      await inFlight;
      // The key is claimed in the order's transaction: the second request cannot see the claim
      // before it commits, and waits for it (PostgreSQL on the key's index, SQLite for the writer).
      let secondSettled = false;
      const second = service()
        .placeOrder(input(1), { idempotencyKey: key, userId: null })
        .finally(() => (secondSettled = true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(secondSettled).toBe(false);
      release();
      const [placed, replayed] = await Promise.all([first, second]);
      expect(placed.created).toBe(true);
      expect(replayed.created).toBe(false);
      expect(replayed.order.id).toBe(placed.order.id);
      expect(await stockOf(t.db, a)).toBe(49);
    });

    it('frees the key at once when the attempt dies: its claim rolls back with the order', async () => {
      const killed = service(() => ({
        writePlacedOrder: () => Promise.reject(new Error('killed')),
      }));
      const key = newKey();
      await expect(
        killed.placeOrder(input(1), { idempotencyKey: key, userId: null }),
      ).rejects.toThrow('killed');
      const placed = await service().placeOrder(input(1), { idempotencyKey: key, userId: null });
      expect(placed.created).toBe(true);
      expect(await stockOf(t.db, a)).toBe(49);
    });

    it('takes over a key claimed without an order by an attempt that never finished', async () => {
      const key = newKey();
      const body = input(1);
      await t.db.kysely
        .insertInto('idempotency_keys')
        .values({
          scope: '',
          key,
          request_hash: orderRequestHash(body),
          order_id: null,
          created_at: new Date().toISOString(),
        })
        .execute();
      const placed = await service().placeOrder(body, { idempotencyKey: key, userId: null });
      expect(placed.created).toBe(true);
      const again = await service().placeOrder(body, { idempotencyKey: key, userId: null });
      expect(again).toMatchObject({ created: false, order: { id: placed.order.id } });
      expect(await stockOf(t.db, a)).toBe(49);
    });

    it('shows an owner only their own orders, newest first; another owner gets not found', async () => {
      const s = service();
      const first = await s.placeOrder(input(1), { idempotencyKey: newKey(), userId: 'user-ann' });
      const second = await s.placeOrder(input(2), { idempotencyKey: newKey(), userId: 'user-ann' });
      await s.placeOrder(input(1), { idempotencyKey: newKey(), userId: 'user-bob' });
      const list = await s.listOrders('user-ann');
      expect(list.map((o) => o.id)).toEqual([second.order.id, first.order.id]);
      expect((await s.getOrder('user-ann', first.order.id)).number).toBe(first.order.number);
      await expect(s.getOrder('user-bob', first.order.id)).rejects.toMatchObject({
        statusCode: 404,
      });
      await expect(s.cancelOrder(bob, first.order.id)).rejects.toMatchObject({
        statusCode: 404,
      });
    });

    it('scopes idempotency keys to the shopper', async () => {
      const s = service();
      const key = newKey();
      const ann = await s.placeOrder(input(1), { idempotencyKey: key, userId: 'user-ann' });
      const bob = await s.placeOrder(input(1), { idempotencyKey: key, userId: 'user-bob' });
      expect(bob.created).toBe(true);
      expect(bob.order.id).not.toBe(ann.order.id);
    });

    it('cancels a pending order once: its stock and coupon use come back', async () => {
      await createCoupon(t.db, { code: `BACK-${dialect}`, kind: 'percent', amount: 5, maxUses: 1 });
      const s = service();
      const { order } = await s.placeOrder(
        { ...input(4), couponCode: `BACK-${dialect}` },
        { idempotencyKey: newKey(), userId: 'user-cy' },
      );
      expect(await stockOf(t.db, a)).toBe(46);
      const cancelled = await s.cancelOrder(cy, order.id);
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.cancelledAt).not.toBeNull();
      expect(await stockOf(t.db, a)).toBe(50);
      await expect(s.cancelOrder(cy, order.id)).rejects.toMatchObject({ statusCode: 409 });
      expect(await stockOf(t.db, a)).toBe(50);
      // The single use is free again.
      const again = await s.placeOrder(
        { ...input(1), couponCode: `BACK-${dialect}` },
        { idempotencyKey: newKey(), userId: 'user-cy' },
      );
      expect(again.order.discount).toBe(125);
    });
  });
});
