import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { AddressInput } from '@souq/contracts/addresses';
import { newsletterSubscriptionSchema } from '@souq/contracts/newsletter';
import { quoteSchema } from '@souq/contracts/orders';
import type { DatabaseDialect } from '@souq/contracts/health';
import { newKey, orderBody, productIds, setProduct } from './orders-fixtures';
import { createTestApp, type TestApp } from './test-app';

/**
 * A shop for the first-order discounts (the newsletter's coupon, the installed app's offer):
 * one product at 100.00 with 50 in stock before every test, and a customer's steps against it.
 * Call it in a `describe`: it starts the app there and closes it after.
 */
export function firstOrderShop(dialect: DatabaseDialect) {
  let t: TestApp | undefined;
  let productId = 0;
  let client = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [productId] = (await productIds(t.db, 1)) as [number];
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await setProduct(app().db, productId, { price: 10_000, stock: 50 });
  });

  function app(): TestApp {
    if (!t) throw new Error('firstOrderShop is used before its describe has started');
    return t;
  }

  return {
    get t() {
      return app();
    },
    get productId() {
      return productId;
    },

    /** Subscribes from an address of its own, clear of the newsletter's rate limit. */
    subscribe: async (email: string): Promise<string> => {
      const response = await app().app.inject({
        method: 'POST',
        url: '/api/newsletter',
        payload: { email },
        remoteAddress: `10.9.0.${++client}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return newsletterSubscriptionSchema.parse(response.json()).couponCode;
    },

    /** One of the product, checked out by `details` (`extra`: couponCode, channel…). */
    place: (
      details: AddressInput,
      extra: Record<string, unknown> = {},
      headers: Record<string, string> = {},
    ) =>
      app().app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'idempotency-key': newKey(), ...headers },
        payload: orderBody([{ productId, quantity: 1 }], { billing: details, ...extra }),
      }),

    /** The checkout summary for one of the product (`extra`: email, couponCode, channel…). */
    quote: async (extra: Record<string, unknown>) => {
      const response = await app().app.inject({
        method: 'POST',
        url: '/api/orders/quote',
        payload: { lines: [{ productId, quantity: 1 }], ...extra },
      });
      expect(response.statusCode, response.body).toBe(200);
      return quoteSchema.parse(response.json());
    },
  };
}
