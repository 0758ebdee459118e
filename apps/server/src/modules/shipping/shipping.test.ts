import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, quoteSchema } from '@souq/contracts/orders';
import {
  shippingZoneListSchema,
  shippingZoneSchema,
  type ShippingZone,
  type ShippingZoneEditor,
} from '@souq/contracts/shipping';
import { auditListSchema } from '@souq/contracts/staff';
import { apiError } from '../../test/auth-helpers';
import {
  billing,
  newKey,
  orderBody,
  orderCount,
  productIds,
  setProduct,
} from '../../test/orders-fixtures';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import { createTestApp, createTestDb, testDialects, type TestApp } from '../../test/test-app';
import { createShippingRepository } from './shipping.repository';

const kuwaitCity = {
  ...billing,
  streetAddress: 'Fahad Al-Salem Street 12',
  city: 'Kuwait City',
  postalCode: '13001',
  country: 'KW',
};

const method = (overrides: Partial<ShippingZoneEditor['methods'][number]> = {}) => ({
  name: { en: 'Standard', ar: 'عادي' },
  price: 2000,
  freeOver: null,
  minDays: 2,
  maxDays: 5,
  cashOnDelivery: true,
  cashOnDeliveryFee: 0,
  ...overrides,
});

describe.each(testDialects)('shipping zones and methods on %s', (dialect) => {
  let t: TestApp;
  let manager: TestStaff;
  let fulfilment: TestStaff;
  let product: number;
  let kuwait: ShippingZone;
  let cityZone: ShippingZone;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    manager = await signUpTestStaff(t.app, t.db, 'manager');
    fulfilment = await signUpTestStaff(t.app, t.db, 'fulfilment');
    [product] = (await productIds(t.db, 1)) as [number];
    await setProduct(t.db, product, { price: 5000, stock: 1000 });
  });
  afterAll(() => t.close());

  const as = (
    who: TestStaff,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const zones = async () =>
    shippingZoneListSchema.parse((await as(manager, 'GET', '/api/admin/shipping-zones')).json())
      .items;
  const create = async (zone: ShippingZoneEditor) => {
    const res = await as(manager, 'POST', '/api/admin/shipping-zones', zone);
    expect(res.statusCode, res.body).toBe(201);
    return shippingZoneSchema.parse(res.json());
  };
  const quote = async (body: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/quote',
      payload: { lines: [{ productId: product, quantity: 1 }], ...body },
    });
    expect(res.statusCode, res.body).toBe(200);
    return quoteSchema.parse(res.json());
  };
  const place = (extra: Record<string, unknown>, quantity = 1) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderBody([{ productId: product, quantity }], extra),
    });

  it('starts a shop with one zone for the whole world that keeps the old flat rule', async () => {
    const fresh = await createTestDb(dialect);
    try {
      const [everywhere, ...others] = await createShippingRepository(fresh.db).listZones();
      expect(others).toEqual([]);
      expect(everywhere).toMatchObject({ countries: [], areas: [] });
      expect(everywhere!.methods).toEqual([
        expect.objectContaining({ price: 500, freeOver: 14_000, cashOnDelivery: true }),
      ]);
    } finally {
      await fresh.cleanup();
    }
  });

  it('ships the demo shop to Egypt, Saudi Arabia and the UAE, and nowhere else', async () => {
    expect((await zones()).flatMap((z) => z.countries).sort()).toEqual(['AE', 'EG', 'SA', 'SA']);
    const inRiyadh = await quote({ address: { country: 'SA', city: 'الرياض' } });
    expect(inRiyadh.shippingOptions.map((o) => [o.name.en, o.price])).toEqual([
      ['Standard delivery', 1000],
      ['Express delivery', 2500],
    ]);
    const inDubai = await quote({ address: { country: 'AE', city: 'Dubai' } });
    expect(inDubai).toMatchObject({ delivery: 'deliverable', shipping: 500, total: 5500 });
    const inParis = await quote({ address: { country: 'FR', city: 'Paris' } });
    expect(inParis).toMatchObject({ delivery: 'not_deliverable', shippingOptions: [] });
  });

  it('is for shipping.manage only', async () => {
    const read = await as(fulfilment, 'GET', '/api/admin/shipping-zones');
    expect(read.statusCode).toBe(403);
    const write = await as(fulfilment, 'POST', '/api/admin/shipping-zones', {
      name: 'X',
      countries: ['SA'],
      areas: [],
      methods: [method()],
    });
    expect(write.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/shipping-zones' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses an unknown country, a negative price and a window that ends before it starts, naming the field', async () => {
    const before = await zones();
    const bad = await as(manager, 'POST', '/api/admin/shipping-zones', {
      name: 'Bad',
      countries: ['KW', 'XX'],
      areas: [],
      methods: [method({ price: -1 }), method({ minDays: 5, maxDays: 2 })],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(apiError(bad).fields ?? {}).sort()).toEqual([
      'countries.1',
      'methods.0.price',
      'methods.1.maxDays',
    ]);
    const areasAlone = await as(manager, 'POST', '/api/admin/shipping-zones', {
      name: 'Cities of nowhere',
      countries: [],
      areas: ['Kuwait City'],
      methods: [method()],
    });
    expect(apiError(areasAlone).fields).toHaveProperty('countries');
    expect(await zones()).toEqual(before);
  });

  it('offers the methods of the zone that serves the address, the narrowest first, and audits the change', async () => {
    kuwait = await create({
      name: 'Kuwait',
      countries: ['KW'],
      areas: [],
      methods: [method({ price: 2500, freeOver: 20_000, minDays: 3, maxDays: 6 })],
    });
    cityZone = await create({
      name: 'Kuwait City',
      countries: ['KW'],
      areas: ['Kuwait City', 'مدينة الكويت'],
      methods: [
        method({ price: 1500, minDays: 1, maxDays: 3 }),
        method({
          name: { en: 'Express', ar: 'سريع' },
          price: 3000,
          minDays: 0,
          maxDays: 1,
          cashOnDeliveryFee: 700,
        }),
      ],
    });
    const audit = await as(
      manager,
      'GET',
      `/api/admin/audit?entityType=shipping_zone&entityId=${cityZone.id}`,
    );
    // A manager may not read the audit log; the owner reads it below.
    expect(audit.statusCode).toBe(403);

    const inTheCity = await quote({ address: { country: 'KW', city: ' kuwait  city ' } });
    expect(inTheCity.shippingOptions.map((o) => [o.name.en, o.price])).toEqual([
      ['Standard', 1500],
      ['Express', 3000],
    ]);
    expect(inTheCity).toMatchObject({ shipping: 1500, shippingMethodId: cityZone.methods[0]!.id });

    const inJahra = await quote({ address: { country: 'KW', city: 'Jahra' } });
    expect(inJahra.shippingOptions.map((o) => o.id)).toEqual([kuwait.methods[0]!.id]);
    expect(inJahra.shipping).toBe(2500);

    const express = cityZone.methods[1]!;
    const cash = await quote({
      address: { country: 'KW', city: 'مدينة الكويت' },
      shippingMethodId: express.id,
      paymentMethod: 'cash_on_delivery',
    });
    expect(cash).toMatchObject({ shipping: 3700, total: 8700, shippingMethodId: express.id });
  });

  it('prices a method free once the subtotal after discount reaches its threshold', async () => {
    await setProduct(t.db, product, { price: 10_000 });
    const body = await quote({
      lines: [{ productId: product, quantity: 2 }],
      address: { country: 'KW', city: 'Ahmadi' },
    });
    expect(body).toMatchObject({ shipping: 0, freeShippingFrom: 20_000 });
    await setProduct(t.db, product, { price: 5000 });
  });

  it('places an order with the method chosen and cash on delivery, naming the method and charging its fee', async () => {
    const express = cityZone.methods[1]!;
    const res = await place({
      billing: kuwaitCity,
      shippingMethodId: express.id,
      paymentMethod: 'cash_on_delivery',
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = orderSchema.parse(res.json());
    expect(order).toMatchObject({ subtotal: 5000, shipping: 3700, total: 8700 });
    expect(order.shippingMethod).toEqual({
      id: express.id,
      name: { en: 'Express', ar: 'سريع' },
      minDays: 0,
      maxDays: 1,
      cashOnDeliveryFee: 700,
    });
    expect(order.billing).toMatchObject({ country: 'KW', postalCode: '13001' });
  });

  it('refuses a method of another zone, and cash on delivery where the method takes none, writing nothing', async () => {
    const count = await orderCount(t.db);
    const foreign = await place({ billing: kuwaitCity, shippingMethodId: kuwait.methods[0]!.id });
    expect(foreign.statusCode).toBe(400);
    expect(apiError(foreign)).toMatchObject({ code: 'shipping_method_unavailable' });
    expect(apiError(foreign).fields).toHaveProperty('shippingMethodId');

    const noCash = await create({
      name: 'Bahrain',
      countries: ['BH'],
      areas: [],
      methods: [method({ cashOnDelivery: false })],
    });
    const cash = await place({
      billing: { ...kuwaitCity, country: 'BH', postalCode: '', city: 'Manama' },
      shippingMethodId: noCash.methods[0]!.id,
      paymentMethod: 'cash_on_delivery',
    });
    expect(cash.statusCode).toBe(400);
    expect(apiError(cash)).toMatchObject({ code: 'cash_on_delivery_unavailable' });
    expect(apiError(cash).fields).toHaveProperty('paymentMethod');
    expect(await orderCount(t.db)).toBe(count);
  });

  it('refuses a method id gone stale after staff changed the zone', async () => {
    const [standard, express] = cityZone.methods as [ShippingZone['methods'][number], never];
    const res = await as(manager, 'PUT', `/api/admin/shipping-zones/${cityZone.id}`, {
      name: 'Kuwait City',
      countries: ['KW'],
      areas: ['Kuwait City'],
      methods: [{ ...standard, price: 1800 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(shippingZoneSchema.parse(res.json()).methods).toEqual([{ ...standard, price: 1800 }]);
    const stale = await place({
      billing: kuwaitCity,
      shippingMethodId: (express as { id: number }).id,
    });
    expect(stale.statusCode).toBe(400);
    expect(apiError(stale).fields).toHaveProperty('shippingMethodId');
    const quoted = await quote({
      address: { country: 'KW', city: 'Kuwait City' },
      shippingMethodId: (express as { id: number }).id,
    });
    // The quote falls back to what is offered, so the checkout can show the change.
    expect(quoted).toMatchObject({ shipping: 1800, shippingMethodId: standard.id });

    const foreign = await as(manager, 'PUT', `/api/admin/shipping-zones/${cityZone.id}`, {
      name: 'Kuwait City',
      countries: ['KW'],
      areas: ['Kuwait City'],
      methods: [{ ...method(), id: kuwait.methods[0]!.id }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(apiError(foreign).fields).toHaveProperty('methods.0.id');
  });

  it('tells an address nobody delivers to before payment, and refuses to place its order', async () => {
    const removed = await as(manager, 'DELETE', `/api/admin/shipping-zones/${kuwait.id}`);
    expect(removed.statusCode).toBe(204);

    const far = await quote({ address: { country: 'KW', city: 'Jahra' } });
    expect(far).toMatchObject({
      delivery: 'not_deliverable',
      shippingOptions: [],
      shippingMethodId: null,
    });
    const count = await orderCount(t.db);
    const refused = await place({
      billing: { ...billing, country: 'FR', city: 'Paris', postalCode: '75001' },
    });
    expect(refused.statusCode).toBe(400);
    expect(apiError(refused)).toMatchObject({ code: 'not_deliverable' });
    expect(apiError(refused).fields).toHaveProperty('billing.country');
    // Kuwait City is still served: another city of Kuwait is the field to change.
    const jahra = await place({ billing: { ...kuwaitCity, city: 'Jahra' } });
    expect(apiError(jahra)).toMatchObject({ code: 'not_deliverable' });
    expect(apiError(jahra).fields).toHaveProperty('billing.city');
    const owner = await signUpTestStaff(t.app, t.db, 'owner');
    const audit = await as(
      owner,
      'GET',
      `/api/admin/audit?entityType=shipping_zone&entityId=${kuwait.id}`,
    );
    expect(auditListSchema.parse(audit.json()).items[0]).toMatchObject({
      action: 'shipping_zone.deleted',
      actor: { email: manager.email },
    });
    expect(await orderCount(t.db)).toBe(count);
  });

  it('asks a Saudi address for its postcode and an American one for its state', async () => {
    const res = await place({ billing: { ...kuwaitCity, country: 'SA', postalCode: '' } });
    expect(res.statusCode).toBe(400);
    expect(apiError(res).fields).toHaveProperty('billing.postalCode');
    const us = await place({ billing: { ...kuwaitCity, country: 'US', postalCode: '10001' } });
    expect(apiError(us).fields).toHaveProperty('billing.region');
    const unknown = await place({ billing: { ...kuwaitCity, country: 'ZZ' } });
    expect(apiError(unknown).fields).toHaveProperty('billing.country');
  });
});
