import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCustomerListSchema, adminCustomerSchema } from '@souq/contracts/admin-marketing';
import { orderSchema } from '@souq/contracts/orders';
import { signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { billing, newKey, orderBody, productIds, setProduct } from '../../test/orders-fixtures';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { createCoupon } from '../marketing/coupons.admin';
import { csvRow } from './csv-cells';

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    expect(csvRow(['plain@example.com', '2026-01-01T00:00:00.000Z'])).toBe(
      'plain@example.com,2026-01-01T00:00:00.000Z\r\n',
    );
    expect(csvRow(['a,b', 'say "hi"', 'two\nlines'])).toBe('"a,b","say ""hi""","two\nlines"\r\n');
    for (const risky of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(csvRow([risky]).startsWith(`'`) || csvRow([risky]).startsWith(`"'`), risky).toBe(true);
    }
    expect(csvRow(['=HYPERLINK("http://x","y"),1'])).toBe(
      `"'=HYPERLINK(""http://x"",""y""),1"\r\n`,
    );
  });
});

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
