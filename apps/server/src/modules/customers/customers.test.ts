import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCustomerListSchema, adminCustomerSchema } from '@souq/contracts/admin-marketing';
import { orderSchema } from '@souq/contracts/orders';
import { signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { billing, newKey, orderBody, productIds, setProduct } from '../../test/orders-fixtures';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { createCoupon } from '../marketing/coupons.admin';

describe.each(testDialects)('customers in the back office on %s', (dialect) => {
  let t: TestApp;
  let manager: TestStaff;
  let support: TestStaff;
  let fulfilment: TestStaff;
  let layla: TestUser;
  let omar: TestUser;
  let product: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    manager = await signUpTestStaff(t.app, t.db, 'manager');
    support = await signUpTestStaff(t.app, t.db, 'support');
    fulfilment = await signUpTestStaff(t.app, t.db, 'fulfilment');
    layla = await signUpTestUser(t.app, {
      name: 'Layla Haddad',
      email: `layla-${dialect}@example.com`,
    });
    omar = await signUpTestUser(t.app, { name: 'Omar Said', email: `omar-${dialect}@example.com` });
    [product] = (await productIds(t.db, 1)) as [number];
    await setProduct(t.db, product, { price: 2000, stock: 1000 });
  });
  afterAll(() => t.close());

  const as = (who: TestStaff, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });

  it('lists shop accounts and finds them by part of a name or an email', async () => {
    const res = await as(support, '/api/admin/customers?q=HADDAD');
    expect(res.statusCode).toBe(200);
    const list = adminCustomerListSchema.parse(res.json());
    expect(list.items.map((c) => c.email)).toEqual([layla.email]);
    const byEmail = adminCustomerListSchema.parse(
      (await as(support, `/api/admin/customers?q=omar-${dialect}`)).json(),
    );
    expect(byEmail.items.map((c) => c.name)).toEqual(['Omar Said']);
    const none = adminCustomerListSchema.parse(
      (await as(support, '/api/admin/customers?q=_')).json(),
    );
    expect(none.total).toBe(0);
  });

  it("shows a customer's orders (signed in and as a guest), addresses, newsletter and coupon uses", async () => {
    await createCoupon(t.db, { code: `LOYAL-${dialect}`, kind: 'fixed', amount: 300 });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey(), cookie: layla.cookie },
      payload: orderBody([{ productId: product, quantity: 1 }], {
        billing: { ...billing, email: layla.email },
        couponCode: `LOYAL-${dialect}`,
        saveAddress: true,
      }),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(201);
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderBody([{ productId: product, quantity: 2 }], {
        billing: { ...billing, email: layla.email },
      }),
    });
    expect(guest.statusCode).toBe(201);
    const subscribe = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: layla.email },
    });
    expect(subscribe.statusCode).toBeLessThan(300);

    const res = await as(support, `/api/admin/customers/${layla.id}`);
    expect(res.statusCode).toBe(200);
    const customer = adminCustomerSchema.parse(res.json());
    const placed = [signedIn, guest].map((r) => orderSchema.parse(r.json()).number);
    expect(customer.orders.map((o) => o.number)).toEqual(placed.reverse());
    expect(customer.orderCount).toBe(2);
    expect(customer.newsletter.subscribed).toBe(true);
    expect(customer.newsletter.since).not.toBeNull();
    expect(customer.couponUses.map((u) => [u.code, u.discount])).toEqual([
      [`LOYAL-${dialect}`.toUpperCase(), 300],
    ]);
    expect(customer.addresses.map((a) => a.city)).toEqual([billing.city]);

    const other = adminCustomerSchema.parse(
      (await as(support, `/api/admin/customers/${omar.id}`)).json(),
    );
    expect(other).toMatchObject({ orders: [], orderCount: 0, subscribed: false, couponUses: [] });
    expect((await as(support, '/api/admin/customers/nobody')).statusCode).toBe(404);
  });

  const placeGuestOrder = async (email: string, quantity: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderBody([{ productId: product, quantity }], { billing: { ...billing, email } }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return orderSchema.parse(res.json());
  };
  /** What the orders table says an email spent, counting only orders that still stand. */
  const spentInOrdersTable = async (email: string) => {
    const rows = await t.db.kysely
      .selectFrom('orders')
      .select(['email', 'status', 'total_cents'])
      .execute();
    const mine = rows.filter((r) => r.email.trim().toLowerCase() === email);
    return {
      count: mine.length,
      spent: mine
        .filter((r) => !['cancelled', 'delivery_refused', 'refunded'].includes(r.status))
        .reduce((sum, r) => sum + r.total_cents, 0),
    };
  };

  it('lists a guest buyer once, by email in any case, with their orders and money spent', async () => {
    const email = `nadia-${dialect}@example.com`;
    const first = await placeGuestOrder(email, 1);
    const shouted = await placeGuestOrder(email.toUpperCase(), 3);
    const cancelled = await placeGuestOrder(email, 2);
    await t.db.kysely
      .updateTable('orders')
      .set({ status: 'cancelled' })
      .where('number', '=', cancelled.number)
      .execute();

    const list = adminCustomerListSchema.parse(
      (await as(support, `/api/admin/customers?q=NADIA-${dialect}`)).json(),
    );
    expect(list.total).toBe(1);
    const [nadia] = list.items;
    const fromTable = await spentInOrdersTable(email);
    // The cancelled order is listed but not counted as money spent.
    expect(fromTable).toEqual({ count: 3, spent: first.total + shouted.total });
    expect(nadia).toMatchObject({
      email,
      guest: true,
      orderCount: fromTable.count,
      totalSpent: fromTable.spent,
    });
    expect(nadia?.lastOrderAt).not.toBeNull();

    const page = await as(support, `/api/admin/customers/${encodeURIComponent(nadia!.id)}`);
    expect(page.statusCode, page.body).toBe(200);
    const customer = adminCustomerSchema.parse(page.json());
    expect(customer).toMatchObject({ guest: true, orderCount: 3, addresses: [] });
    expect(customer.orders).toHaveLength(3);
  });

  it('makes a guest who signs up with the same email one customer', async () => {
    const email = `sami-${dialect}@example.com`;
    await placeGuestOrder(email, 1);
    await placeGuestOrder(email, 2);
    const sami = await signUpTestUser(t.app, { name: 'Sami Nasser', email });
    const list = adminCustomerListSchema.parse(
      (await as(support, `/api/admin/customers?q=sami-${dialect}`)).json(),
    );
    const fromTable = await spentInOrdersTable(email);
    expect(list.items.map((c) => [c.id, c.guest, c.orderCount, c.totalSpent])).toEqual([
      [sami.id, false, 2, fromTable.spent],
    ]);
    expect(list.total).toBe(1);
    expect(
      (await as(support, `/api/admin/customers/${encodeURIComponent(`guest:${email}`)}`))
        .statusCode,
    ).toBe(404);
  });

  it('answers a malformed customer id with 400 or 404, never 500', async () => {
    for (const id of ['guest:', 'guest:not-an-email', 'guest:nobody@example.com', 'a:b', '%00']) {
      const res = await as(support, `/api/admin/customers/${encodeURIComponent(id)}`);
      expect([400, 404], `${id}: ${res.body}`).toContain(res.statusCode);
      expect(res.json()).toHaveProperty('error.code');
    }
  });

  it('exports the subscribers as CSV, streamed, with formula cells defused', async () => {
    await t.db.kysely
      .insertInto('newsletter_subscribers')
      .values([{ email: '=cmd@example.com' }, { email: 'plain,comma@example.com' }])
      .execute();
    const res = await as(manager, '/api/admin/newsletter/subscribers.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('email,subscribed_at');
    expect(lines).toContain(
      `${layla.email},${lines.find((l) => l.startsWith(layla.email))?.split(',')[1]}`,
    );
    expect(lines.some((l) => l.startsWith(`'=cmd@example.com,`))).toBe(true);
    expect(lines.some((l) => l.startsWith('"plain,comma@example.com",'))).toBe(true);
    expect(lines.at(-1)).toBe('');
  });

  it('lets support read customers but not export subscribers; fulfilment gets neither', async () => {
    expect((await as(support, '/api/admin/newsletter/subscribers.csv')).statusCode).toBe(403);
    for (const url of [
      '/api/admin/customers',
      `/api/admin/customers/${layla.id}`,
      '/api/admin/newsletter/subscribers.csv',
    ]) {
      expect((await as(fulfilment, url)).statusCode, url).toBe(403);
    }
  });
});
