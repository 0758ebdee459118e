import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCategoryListSchema, adminProductSchema } from '@souq/contracts/admin-catalog';
import { adminCouponListSchema } from '@souq/contracts/admin-marketing';
import { adminOrderSchema } from '@souq/contracts/admin-orders';
import { productSchema } from '@souq/contracts/catalog';
import { parseMoney } from '@souq/contracts/money';
import { placedOrderSchema, quoteSchema } from '@souq/contracts/orders';
import { shopSettingsSchema } from '@souq/contracts/shop-settings';
import { apiError } from '../../test/auth-helpers';
import { newKey, orderBody, productIds, setProduct } from '../../test/orders-fixtures';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { demoShopSettings } from '../../db/demo-shop-settings';

describe.each(testDialects)('a shop that sells in Kuwaiti dinars on %s', (dialect) => {
  let t: TestApp;
  let owner: TestStaff;
  let demoProduct: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signUpTestStaff(t.app, t.db, 'owner');
    [demoProduct] = (await productIds(t.db, 1)) as [number];
    await setProduct(t.db, demoProduct, { price: 2550, stock: 100 });
  });
  afterAll(() => t.close());

  const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, key?: string) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: owner.cookie, ...(key ? { 'idempotency-key': key } : {}) },
      ...(payload ? { payload } : {}),
    });
  const saveCurrency = (currency: string) =>
    as('PUT', '/api/admin/settings', { ...demoShopSettings, currency });

  it('keeps US dollars for a shop that has not chosen, and refuses a code that is no currency', async () => {
    const settings = shopSettingsSchema.parse((await as('GET', '/api/settings')).json());
    expect(settings.currency).toBe('USD');
    const bad = await saveCurrency('XYZ');
    expect(bad.statusCode).toBe(400);
    expect(apiError(bad).fields).toHaveProperty('currency');
  });

  it('re-labels the catalog with the same figures when the owner picks KWD', async () => {
    const coupon = await as('POST', '/api/admin/coupons', {
      code: `FIVE-${dialect}`,
      kind: 'fixed',
      amount: 500,
      minSubtotal: 2000,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      maxUsesPerEmail: null,
      email: null,
      paused: false,
    });
    expect(coupon.statusCode, coupon.body).toBe(201);

    const saved = await saveCurrency('KWD');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(shopSettingsSchema.parse(saved.json()).currency).toBe('KWD');

    // $25.50 becomes 25.500 KWD: the figures stay, now with the dinar's three decimals.
    const product = productSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/products/${demoProduct}` })).json(),
    );
    expect(product).toMatchObject({ currency: 'KWD', price: 25_500 });
    const coupons = adminCouponListSchema.parse(
      (await as('GET', `/api/admin/coupons?q=FIVE-${dialect}`)).json(),
    );
    expect(coupons.items[0]).toMatchObject({ amount: 5_000, minSubtotal: 20_000 });
  });

  it('prices a product typed as 12.345 in the editor to the fils, through a quote, an order and a refund', async () => {
    const price = parseMoney('12.345', 'KWD');
    expect(price).toBe(12_345);
    expect(parseMoney('12.3456', 'KWD')).toBeNull();
    const categories = adminCategoryListSchema.parse(
      (await as('GET', '/api/admin/categories')).json(),
    );
    const created = await as('POST', '/api/admin/products', {
      name: `Dishdasha ${dialect}`,
      description: 'Cotton, pressed.',
      translations: {},
      price,
      compareAtPrice: null,
      categoryId: categories.items[0]!.id,
      images: ['/images/products/default.svg'],
      colours: [],
      sizes: [],
      variants: [{ colour: null, size: null, sku: null, initialStock: 10 }],
      published: true,
      lowStockThreshold: 2,
    });
    expect(created.statusCode, created.body).toBe(201);
    const dishdasha = adminProductSchema.parse(created.json());
    expect(dishdasha).toMatchObject({ currency: 'KWD', price: 12_345 });

    const lines = [{ productId: dishdasha.id, quantity: 3 }];
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/orders/quote',
      payload: { lines, address: { country: 'AE' } },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    // 3 × 12.345 = 37.035; below 140.000 KWD, the UAE's standard delivery (5.00 when the shop sold in dollars) is 5.000 KWD.
    expect(quoteSchema.parse(quote.json())).toMatchObject({
      currency: 'KWD',
      subtotal: 37_035,
      shipping: 5_000,
      total: 42_035,
      freeShippingFrom: 140_000,
    });

    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderBody(lines),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placedOrderSchema.parse(placed.json());
    expect(order).toMatchObject({ currency: 'KWD', subtotal: 37_035, total: 42_035 });

    expect(
      (await as('POST', `/api/admin/orders/${order.id}/actions`, { action: 'confirm' })).statusCode,
    ).toBe(200);
    const refunded = await as(
      'POST',
      `/api/admin/orders/${order.id}/actions`,
      { action: 'refund', lines: [{ lineId: order.lines[0]!.id, quantity: 1, restock: true }] },
      newKey(),
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    const after = adminOrderSchema.parse(refunded.json());
    expect(after).toMatchObject({ currency: 'KWD', refundedTotal: 12_345 });
    expect(after.timeline.find((e) => e.type === 'refunded')?.amount).toBe(12_345);
  });

  it('keeps each order in its own currency and refuses a currency that would cut a price', async () => {
    // 12.345 KWD has no equal in US dollars: nothing changes until the owner rounds it.
    const refused = await saveCurrency('USD');
    expect(refused.statusCode).toBe(400);
    expect(apiError(refused).fields?.currency).toMatch(/USD/);
    const settings = shopSettingsSchema.parse((await as('GET', '/api/settings')).json());
    expect(settings.currency).toBe('KWD');
    const product = productSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/products/${demoProduct}` })).json(),
    );
    expect(product).toMatchObject({ currency: 'KWD', price: 25_500 });
  });
});
