import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressSchema } from '@souq/contracts/addresses';
import { orderSchema } from '@souq/contracts/orders';
import { SAME_ORIGIN, signUpTestUser, type TestUser } from '../test/auth-helpers';
import { billing, newKey, orderBody, productIds, setProduct } from '../test/orders-fixtures';
import { createTestApp, testDialects, type TestApp } from '../test/test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(testDialects)('personal answers are never cached, on %s', (dialect) => {
  let t: TestApp;
  let shopper: TestUser;
  let productId: number;
  let orderId: number;
  let orderNumber: string;
  let addressId: number;

  const call = (method: Method, url: string, payload?: object, headers = {}) =>
    t.app.inject({
      method,
      url,
      headers: { origin: SAME_ORIGIN, cookie: shopper.cookie, ...headers },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [productId] = (await productIds(t.db, 1)) as [number];
    await setProduct(t.db, productId, { price: 1000, stock: 10 });
    shopper = await signUpTestUser(t.app);
    const order = orderSchema.parse(
      (
        await call('POST', '/api/orders', orderBody([{ productId, quantity: 1 }]), {
          'idempotency-key': newKey(),
        })
      ).json(),
    );
    orderId = order.id;
    orderNumber = order.number;
    addressId = addressSchema.parse(
      (await call('POST', '/api/account/addresses', billing)).json(),
    ).id;
  });
  afterAll(() => t.close());

  it('sends Cache-Control: private, no-store on every personal endpoint', async () => {
    const endpoints: [Method, string, object?][] = [
      ['GET', '/api/account/session'],
      ['GET', '/api/account/profile'],
      ['GET', '/api/account/addresses'],
      ['PUT', `/api/account/addresses/${addressId}`, billing],
      ['POST', `/api/account/addresses/${addressId}/default`],
      ['GET', '/api/orders'],
      ['GET', `/api/orders/${orderId}`],
      ['POST', '/api/orders/lookup', { number: orderNumber, email: billing.email }],
      ['POST', '/api/orders/quote', { lines: [{ productId, quantity: 1 }] }],
      ['GET', '/api/cart'],
      ['PUT', '/api/cart', { items: [{ productId, quantity: 1 }] }],
      ['POST', '/api/cart/merge', { cart: [], wishlist: [] }],
      ['GET', '/api/wishlist'],
      ['PUT', '/api/wishlist', { productIds: [productId] }],
      ['GET', '/api/auth/get-session'],
    ];
    for (const [method, url, payload] of endpoints) {
      const response = await call(method, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
      expect(response.headers['cache-control'], `${method} ${url}`).toBe('private, no-store');
    }
  });

  it('also on refusals, such as a visitor asking for the order list', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/orders' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('leaves the catalog cacheable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(response.headers['cache-control']).toMatch(/public/);
  });
});
