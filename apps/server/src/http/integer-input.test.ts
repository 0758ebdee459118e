import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@souq/contracts/errors';
import { SAME_ORIGIN, signUpTestUser, type TestUser } from '../test/auth-helpers';
import { newKey, productIds } from '../test/orders-fixtures';
import { signUpTestStaff, type TestStaff } from '../test/staff-helpers';
import { createTestApp, testDialects, type TestApp } from '../test/test-app';

/** Past what a 32-bit integer column holds, where PostgreSQL refuses the query itself. */
const HUGE = 3_000_000_000;

interface IntegerCase {
  who: 'anyone' | 'shopper' | 'owner';
  method: 'POST' | 'PUT';
  url: string;
  payload: object;
  field: string;
}

describe.each(testDialects)('whole numbers from outside on %s', (dialect) => {
  let t: TestApp;
  let shopper: TestUser;
  let owner: TestStaff;
  let product: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    shopper = await signUpTestUser(t.app);
    owner = await signUpTestStaff(t.app, t.db, 'owner');
    [product] = (await productIds(t.db, 1)) as [number];
  });
  afterAll(() => t.close());

  const coupon = (overrides: object) => ({
    code: `BIG${Math.random().toString(36).slice(2, 8)}`,
    kind: 'fixed',
    amount: 500,
    minSubtotal: 0,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    maxUsesPerEmail: null,
    email: null,
    paused: false,
    ...overrides,
  });

  const cases = (): IntegerCase[] => [
    {
      who: 'anyone',
      method: 'POST',
      url: '/api/orders/quote',
      payload: { lines: [{ productId: HUGE, quantity: 1 }] },
      field: 'lines.0.productId',
    },
    {
      who: 'anyone',
      method: 'POST',
      url: '/api/orders/quote',
      payload: { lines: [{ productId: product, variantId: HUGE, quantity: 1 }] },
      field: 'lines.0.variantId',
    },
    {
      who: 'shopper',
      method: 'PUT',
      url: '/api/wishlist',
      payload: { productIds: [HUGE] },
      field: 'productIds.0',
    },
    {
      who: 'owner',
      method: 'POST',
      url: '/api/admin/coupons',
      payload: coupon({ amount: HUGE }),
      field: 'amount',
    },
    {
      who: 'owner',
      method: 'POST',
      url: '/api/admin/coupons',
      payload: coupon({ maxUses: HUGE }),
      field: 'maxUses',
    },
    {
      who: 'owner',
      method: 'POST',
      url: '/api/admin/coupons',
      payload: coupon({ maxUsesPerEmail: HUGE }),
      field: 'maxUsesPerEmail',
    },
    {
      who: 'owner',
      method: 'POST',
      url: '/api/admin/orders/1/actions',
      payload: { action: 'refund', lines: [{ lineId: 1, quantity: HUGE, restock: true }] },
      field: 'lines.0.quantity',
    },
    {
      who: 'owner',
      method: 'POST',
      url: `/api/admin/products/${product}/stock-adjustments`,
      payload: { variantId: HUGE, change: 1, reason: 'Counted' },
      field: 'variantId',
    },
    {
      who: 'owner',
      method: 'POST',
      url: '/api/admin/products/bulk',
      payload: { action: 'publish', ids: [HUGE] },
      field: 'ids.0',
    },
  ];

  it('refuses ids, amounts, counts and quantities past their bounds with 400 naming the field', async () => {
    for (const c of cases()) {
      const cookie = { anyone: undefined, shopper: shopper.cookie, owner: owner.cookie }[c.who];
      const response = await t.app.inject({
        method: c.method,
        url: c.url,
        headers: { origin: SAME_ORIGIN, 'idempotency-key': newKey(), ...(cookie && { cookie }) },
        payload: c.payload,
      });
      const label = `${c.method} ${c.url} ${c.field}: ${response.body}`;
      expect(response.statusCode, label).toBe(400);
      const { error } = apiErrorSchema.parse(response.json());
      expect(Object.keys(error.fields ?? {}), label).toContain(c.field);
    }
  });
});
