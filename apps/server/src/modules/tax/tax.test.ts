import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminOrderSchema } from '@souq/contracts/admin-orders';
import { placedOrderSchema, quoteSchema } from '@souq/contracts/orders';
import { auditListSchema } from '@souq/contracts/staff';
import { taxRateListSchema, type TaxRate } from '@souq/contracts/tax';
import { demoShopSettings } from '../../db/demo-shop-settings';
import { apiError } from '../../test/auth-helpers';
import { billing, newKey, productIds, setProduct } from '../../test/orders-fixtures';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';

const riyadh = { ...billing, city: 'Riyadh', postalCode: '12211', country: 'SA' };

describe.each(testDialects)('VAT on %s', (dialect) => {
  let t: TestApp;
  let owner: TestStaff;
  let manager: TestStaff;
  let shirt: number;
  let book: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signUpTestStaff(t.app, t.db, 'owner');
    manager = await signUpTestStaff(t.app, t.db, 'manager');
    [shirt, book] = (await productIds(t.db, 2)) as [number, number];
    await setProduct(t.db, shirt, { price: 10000, stock: 1000 });
    await setProduct(t.db, book, { price: 3000, stock: 1000 });
    await t.db.kysely
      .updateTable('products')
      .set({ tax_class: 'zero_rated' })
      .where('id', '=', book)
      .execute();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await saveRates([
      { country: 'SA', rateBp: 1500 },
      { country: 'EG', rateBp: 1400 },
    ]);
    await saveSettings({ pricesIncludeTax: true });
  });

  const as = (who: TestStaff, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: {
        cookie: who.cookie,
        ...(method === 'POST' ? { 'idempotency-key': newKey() } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  async function saveRates(items: TaxRate[]) {
    const res = await as(owner, 'PUT', '/api/admin/tax-rates', { items });
    expect(res.statusCode, res.body).toBe(200);
    return taxRateListSchema.parse(res.json()).items;
  }
  async function saveSettings(changes: Partial<typeof demoShopSettings>) {
    const res = await as(owner, 'PUT', '/api/admin/settings', { ...demoShopSettings, ...changes });
    expect(res.statusCode, res.body).toBe(200);
  }
  async function quote(lines: object[], address: object = riyadh, extra: object = {}) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/quote',
      payload: { lines, address, ...extra },
    });
    expect(res.statusCode, res.body).toBe(200);
    return quoteSchema.parse(res.json());
  }
  async function place(lines: object[], address = riyadh) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: { lines, billing: address, paymentMethod: 'bank_transfer' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return placedOrderSchema.parse(res.json());
  }

  it('keeps the rates per country, audited, for the owner only', async () => {
    const saved = await saveRates([
      { country: 'AE', rateBp: 500 },
      { country: 'SA', rateBp: 1500 },
    ]);
    expect(saved).toEqual([
      { country: 'AE', rateBp: 500 },
      { country: 'SA', rateBp: 1500 },
    ]);
    const audit = auditListSchema.parse(
      (await as(owner, 'GET', '/api/admin/audit?entityType=tax_rates')).json(),
    );
    expect(audit.items[0]?.action).toBe('tax_rates.updated');
    expect(audit.items[0]?.after).toEqual({ rates: saved });
    expect((await as(manager, 'GET', '/api/admin/tax-rates')).statusCode).toBe(403);
  });

  it('refuses absurd and negative rates, unknown countries and a country twice, naming the field', async () => {
    const cases: [object[], string][] = [
      [[{ country: 'SA', rateBp: 10001 }], 'items.0.rateBp'],
      [[{ country: 'SA', rateBp: -1 }], 'items.0.rateBp'],
      [[{ country: 'SA', rateBp: 15.5 }], 'items.0.rateBp'],
      [[{ country: 'XX', rateBp: 500 }], 'items.0.country'],
      [
        [
          { country: 'AE', rateBp: 500 },
          { country: 'AE', rateBp: 600 },
        ],
        'items.1.country',
      ],
    ];
    for (const [items, field] of cases) {
      const res = await as(owner, 'PUT', '/api/admin/tax-rates', { items });
      expect(res.statusCode, JSON.stringify(items)).toBe(400);
      expect(apiError(res).fields).toHaveProperty([field]);
    }
    const kept = taxRateListSchema.parse((await as(owner, 'GET', '/api/admin/tax-rates')).json());
    expect(kept.items).toEqual([
      { country: 'EG', rateBp: 1400 },
      { country: 'SA', rateBp: 1500 },
    ]);
  });

  it('quotes the VAT inside prices that include it, shipping too, and the order keeps it', async () => {
    // 100.00 + shipping 10.00 to Riyadh (the demo zones) at 15%: 13.04 and 1.30 inside.
    const lines = [{ productId: shirt, quantity: 1 }];
    const q = await quote(lines);
    expect(q).toMatchObject({ subtotal: 10000, shipping: 1000, tax: 1434, shippingTax: 130 });
    expect(q.total).toBe(11000);
    expect(q.taxLines).toEqual([{ rateBp: 1500, amount: 1434 }]);

    const order = await place(lines);
    expect(order).toMatchObject({ total: 11000, tax: 1434, shippingTax: 130 });
    expect(order.pricesIncludeTax).toBe(true);
    expect(order.lines[0]).toMatchObject({ taxRate: 1500, tax: 1304 });
    expect(order.taxLines).toEqual(q.taxLines);
  });

  it('prices the next quote and order by a rate or shipping price changed by another process', async () => {
    await saveSettings({ pricesIncludeTax: false });
    const lines = [{ productId: shirt, quantity: 1 }];
    // Read once, so this server has the rules it priced with in hand.
    expect(await place(lines)).toMatchObject({ tax: 1500 + 150, shipping: 1000 });
    // Plain SQL, as another app server or a script changes them: no call to this server.
    await t.db.kysely
      .updateTable('tax_rates')
      .set({ rate_bp: 500 })
      .where('country', '=', 'SA')
      .execute();
    const order = await place(lines);
    expect(order).toMatchObject({ subtotal: 10000, tax: 550, shippingTax: 50 });
    expect(order.lines[0]).toMatchObject({ taxRate: 500, tax: 500 });
    const riyadhZone = await t.db.kysely
      .selectFrom('shipping_zones')
      .select('id')
      .where('name', '=', 'Riyadh')
      .executeTakeFirstOrThrow();
    // The zone's cheapest method (10.00) costs 20.00 from now on.
    const reprice = (from: number, to: number) =>
      t.db.kysely
        .updateTable('shipping_methods')
        .set({ price_cents: to })
        .where('zone_id', '=', riyadhZone.id)
        .where('price_cents', '=', from)
        .execute();
    await reprice(1000, 2000);
    const q = await quote(lines);
    expect(q).toMatchObject({ shipping: 2000, tax: 500 + 100 });
    expect(await place(lines)).toMatchObject({ shipping: 2000, tax: 600 });
    await reprice(2000, 1000);
  });

  it('adds the VAT to prices that exclude it, and taxes by the delivery country', async () => {
    await saveSettings({ pricesIncludeTax: false });
    const lines = [{ productId: shirt, quantity: 2 }];
    // 200.00 to Cairo at 14%: 28.00; shipping is free from 140.00.
    const order = await place(lines, billing);
    expect(order).toMatchObject({ subtotal: 20000, shipping: 0, tax: 2800, total: 22800 });
    expect(order.lines[0]).toMatchObject({ taxRate: 1400, tax: 2800 });
    // Nowhere with a rate: no tax at all.
    const kuwait = await quote(lines, { ...riyadh, country: 'KW', postalCode: '13001' });
    expect(kuwait).toMatchObject({ tax: 0, total: 20000, taxLines: [] });
  });

  it('charges nothing before the address is known, or for a shop with no rates', async () => {
    const lines = [{ productId: shirt, quantity: 1 }];
    const cart = await t.app.inject({
      method: 'POST',
      url: '/api/orders/quote',
      payload: { lines },
    });
    expect(quoteSchema.parse(cart.json())).toMatchObject({ tax: 0, taxLines: [] });
    await saveRates([]);
    await saveSettings({ pricesIncludeTax: false });
    const order = await place(lines);
    expect(order).toMatchObject({ tax: 0, total: 11000 });
  });

  it('leaves zero-rated products untaxed and shares the discount and shipping out', async () => {
    await saveSettings({ pricesIncludeTax: false });
    const lines = [
      { productId: shirt, quantity: 1 },
      { productId: book, quantity: 1 },
    ];
    const q = await quote(lines);
    // Shipping 10.00 follows the goods: 100/130 of it (7.69) at 15% is 1.15, the rest untaxed.
    expect(q).toMatchObject({ subtotal: 13000, shipping: 1000, tax: 1615, shippingTax: 115 });
    expect(q.total).toBe(13000 + 1000 + 1615);
    const order = await place(lines);
    expect(order.lines.map((l) => [l.taxRate, l.tax])).toEqual([
      [1500, 1500],
      [0, 0],
    ]);
  });

  it('gives back the tax share of what a refund returns', async () => {
    await saveSettings({ pricesIncludeTax: false });
    const placed = await place([{ productId: shirt, quantity: 3 }]);
    // 300.00 + 45.00 VAT, shipping free.
    expect(placed).toMatchObject({ tax: 4500, total: 34500 });
    const confirm = await as(owner, 'POST', `/api/admin/orders/${placed.id}/actions`, {
      action: 'confirm',
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const refund = await as(owner, 'POST', `/api/admin/orders/${placed.id}/actions`, {
      action: 'refund',
      lines: [{ lineId: placed.lines[0]!.id, quantity: 1, restock: false }],
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(adminOrderSchema.parse(refund.json()).refundedTotal).toBe(11500);
    const rows = await t.db.kysely
      .selectFrom('refunds')
      .innerJoin('refund_lines', 'refund_lines.refund_id', 'refunds.id')
      .select(['refunds.tax_cents as refundTax', 'refund_lines.tax_cents as lineTax'])
      .where('refunds.order_id', '=', placed.id)
      .execute();
    expect(rows).toEqual([{ refundTax: 1500, lineTax: 1500 }]);
  });
});

describe.each(testDialects)('VAT in a Kuwaiti dinar shop on %s', (dialect) => {
  let t: TestApp;
  let owner: TestStaff;
  let item: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signUpTestStaff(t.app, t.db, 'owner');
    [item] = (await productIds(t.db, 1)) as [number];
  });
  afterAll(() => t.close());

  it('taxes 3-decimal prices per line, exactly', async () => {
    const put = (url: string, payload: object) =>
      t.app.inject({ method: 'PUT', url, headers: { cookie: owner.cookie }, payload });
    const settings = await put('/api/admin/settings', {
      ...demoShopSettings,
      currency: 'KWD',
      pricesIncludeTax: false,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(
      (await put('/api/admin/tax-rates', { items: [{ country: 'SA', rateBp: 500 }] })).statusCode,
    ).toBe(200);
    await setProduct(t.db, item, { price: 1250, stock: 10 }); // 1.250 KWD
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: {
        lines: [{ productId: item, quantity: 1 }],
        billing: riyadh,
        paymentMethod: 'bank_transfer',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = placedOrderSchema.parse(res.json());
    // 1.250 at 5% is 0.0625 → 0.063; Riyadh's shipping, 10.000 since the switch, at 5%: 0.500.
    expect(order.currency).toBe('KWD');
    expect(order.lines[0]).toMatchObject({ taxRate: 500, tax: 63 });
    expect(order).toMatchObject({ shipping: 10000, shippingTax: 500, tax: 563, total: 11813 });
  });
});
