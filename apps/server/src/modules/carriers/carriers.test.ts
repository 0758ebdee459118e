import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderSchema } from '@souq/contracts/admin-orders';
import { carrierListSchema, carrierSchema, defaultCarriers } from '@souq/contracts/carriers';
import { orderSchema, placedOrderSchema } from '@souq/contracts/orders';
import { auditListSchema } from '@souq/contracts/staff';
import { apiError } from '../../test/auth-helpers';
import { newKey, orderBody, productIds } from '../../test/orders-fixtures';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';

describe.each(testDialects)('carriers on %s', (dialect) => {
  let t: TestApp;
  let owner: TestStaff;
  let fulfilment: TestStaff;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signUpTestStaff(t.app, t.db, 'owner');
    fulfilment = await signUpTestStaff(t.app, t.db, 'fulfilment');
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who: TestStaff,
    payload?: object,
  ) => t.app.inject({ method, url, headers: { cookie: who.cookie }, payload });
  const list = async (who = owner) =>
    carrierListSchema.parse((await call('GET', '/api/admin/carriers', who)).json()).items;

  it('starts with the region’s common carriers, which whoever ships may read', async () => {
    expect(
      (await list(fulfilment)).map(({ name, trackingUrl }) => ({ name, trackingUrl })),
    ).toEqual([...defaultCarriers].sort((a, b) => a.name.localeCompare(b.name)));
    const refused = await call('POST', '/api/admin/carriers', fulfilment, {
      name: 'Courier',
      trackingUrl: 'https://courier.example/t/{number}',
    });
    expect(apiError(refused).code).toBe('forbidden');
  });

  it('adds, changes and removes a carrier, each audited', async () => {
    const created = await call('POST', '/api/admin/carriers', owner, {
      name: '  Bosta ',
      trackingUrl: 'https://bosta.co/tracking-shipments?shipment-number={number}',
    });
    expect(created.statusCode, created.body).toBe(201);
    const bosta = carrierSchema.parse(created.json());
    expect(bosta.name).toBe('Bosta');
    const changed = await call('PUT', `/api/admin/carriers/${bosta.id}`, owner, {
      name: 'Bosta Express',
      trackingUrl: 'https://bosta.co/track/{number}',
    });
    expect(carrierSchema.parse(changed.json())).toEqual({
      id: bosta.id,
      name: 'Bosta Express',
      trackingUrl: 'https://bosta.co/track/{number}',
    });
    expect((await call('DELETE', `/api/admin/carriers/${bosta.id}`, owner)).statusCode).toBe(204);
    expect((await list()).some((c) => c.id === bosta.id)).toBe(false);
    expect((await call('DELETE', `/api/admin/carriers/${bosta.id}`, owner)).statusCode).toBe(404);
    const audit = auditListSchema.parse(
      (await call('GET', '/api/admin/audit?entityType=carrier', owner)).json(),
    );
    expect(audit.items.map((e) => [e.action, e.entityId])).toEqual([
      ['carrier.deleted', String(bosta.id)],
      ['carrier.updated', String(bosta.id)],
      ['carrier.created', String(bosta.id)],
    ]);
  });

  it.each([
    [{ name: '', trackingUrl: 'https://c.example/{number}' }, 'name'],
    [{ name: 'C', trackingUrl: 'https://c.example/track' }, 'trackingUrl'],
    [{ name: 'C', trackingUrl: 'http://c.example/{number}' }, 'trackingUrl'],
    [{ name: 'C', trackingUrl: 'javascript:alert(1)//{number}' }, 'trackingUrl'],
    [{ name: 'C\u202e', trackingUrl: 'https://c.example/{number}' }, 'name'],
  ])('refuses %o on the field %s, writing nothing', async (body, field) => {
    const before = await list();
    const response = await call('POST', '/api/admin/carriers', owner, body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(apiError(response).fields ?? {})).toEqual([field]);
    expect(await list()).toEqual(before);
  });

  it('keeps names apart, in any case', async () => {
    const response = await call('POST', '/api/admin/carriers', owner, {
      name: 'aramex',
      trackingUrl: 'https://other.example/{number}',
    });
    expect(response.statusCode).toBe(409);
    expect(apiError(response)).toMatchObject({
      code: 'carrier_name_taken',
      fields: { name: 'Another carrier has this name' },
    });
  });

  it('ships with a carrier the owner added, and the shopper keeps the link after it changes', async () => {
    const [productId] = await productIds(t.db, 1);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderBody([{ productId: productId!, quantity: 1 }]),
    });
    const order = placedOrderSchema.parse(placed.json());
    const custom = carrierSchema.parse(
      (
        await call('POST', '/api/admin/carriers', owner, {
          name: 'Nile <Couriers>',
          trackingUrl: 'https://nile.example/track?n={number}&lang=ar',
        })
      ).json(),
    );
    const act = (payload: object) =>
      call('POST', `/api/admin/orders/${order.id}/actions`, fulfilment, payload);
    await act({ action: 'confirm' });
    const shipped = await act({ action: 'ship', carrierId: custom.id, trackingNumber: 'NC 1/2' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const link = 'https://nile.example/track?n=NC%201%2F2&lang=ar';
    expect(adminOrderSchema.parse(shipped.json()).shipment).toMatchObject({
      carrier: 'Nile <Couriers>',
      trackingUrl: link,
    });
    await call('PUT', `/api/admin/carriers/${custom.id}`, owner, {
      name: 'Nile',
      trackingUrl: 'https://nile.example/new/{number}',
    });
    const looked = await t.app.inject({
      method: 'POST',
      url: '/api/orders/lookup',
      payload: { number: order.number, email: order.email },
    });
    expect(orderSchema.parse(looked.json()).shipment).toMatchObject({
      carrier: 'Nile <Couriers>',
      trackingUrl: link,
    });
    // The shipped mail links to it, the name escaped.
    const mail = await t.db.kysely
      .selectFrom('mail_outbox')
      .select(['html', 'text'])
      .where('order_id', '=', order.id)
      .where('kind', '=', 'order_shipped')
      .executeTakeFirstOrThrow();
    expect(mail.html).toContain(`<a href="${link.replace('&', '&amp;')}"`);
    expect(mail.html).toContain('Nile &lt;Couriers>');
    expect(mail.html).not.toContain('<Couriers>');
    expect(mail.text).toContain(link);
  });
});
