import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@souq/contracts/errors';
import { newsletterSubscriptionSchema } from '@souq/contracts/newsletter';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { NEWSLETTER_RATE_LIMIT } from './newsletter.routes';

describe.each(testDialects)('newsletter API on %s', (dialect) => {
  let t: TestApp;
  let client = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false });
  });
  afterAll(() => t.close());

  function subscribeFrom(address: string, payload: object) {
    return t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload,
      remoteAddress: address,
    });
  }
  const nextAddress = () => `10.1.0.${++client}`;

  it('subscribes an address and gives it a single-use 10% coupon for that email', async () => {
    const res = await subscribeFrom(nextAddress(), { email: '  Omar.Saleh@Example.com ' });
    expect(res.statusCode).toBe(200);
    const body = newsletterSubscriptionSchema.parse(res.json());
    expect(body.percentOff).toBe(10);
    expect(body.couponCode).toMatch(/^WELCOME10-[A-Z2-9]{8}$/);

    const subscriber = await t.db.kysely
      .selectFrom('newsletter_subscribers')
      .selectAll()
      .where('email', '=', 'omar.saleh@example.com')
      .executeTakeFirstOrThrow();
    const coupon = await t.db.kysely
      .selectFrom('coupons')
      .selectAll()
      .where('code', '=', body.couponCode)
      .executeTakeFirstOrThrow();
    expect(subscriber.coupon_id).toBe(coupon.id);
    expect(coupon).toMatchObject({
      kind: 'percent',
      amount: 10,
      email: 'omar.saleh@example.com',
      max_uses: 1,
      max_uses_per_email: 1,
      uses_count: 0,
    });
  });

  it('answers a second subscription exactly like the first, with the same code, storing nothing new', async () => {
    const first = await subscribeFrom(nextAddress(), { email: 'nadia@example.com' });
    const again = await subscribeFrom(nextAddress(), { email: 'NADIA@example.com' });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    const subscribers = await t.db.kysely
      .selectFrom('newsletter_subscribers')
      .select('id')
      .where('email', '=', 'nadia@example.com')
      .execute();
    const coupons = await t.db.kysely
      .selectFrom('coupons')
      .select('id')
      .where('email', '=', 'nadia@example.com')
      .execute();
    expect(subscribers).toHaveLength(1);
    expect(coupons).toHaveLength(1);
  });

  it('gives every subscriber a code of their own', async () => {
    const a = newsletterSubscriptionSchema.parse(
      (await subscribeFrom(nextAddress(), { email: 'a@example.com' })).json(),
    );
    const b = newsletterSubscriptionSchema.parse(
      (await subscribeFrom(nextAddress(), { email: 'b@example.com' })).json(),
    );
    expect(a.couponCode).not.toBe(b.couponCode);
  });

  it('holds one subscription when the same address arrives twice at once', async () => {
    const [x, y] = await Promise.all([
      subscribeFrom(nextAddress(), { email: 'twice@example.com' }),
      subscribeFrom(nextAddress(), { email: 'twice@example.com' }),
    ]);
    expect(x.statusCode).toBe(200);
    expect(y.json()).toEqual(x.json());
    const coupons = await t.db.kysely
      .selectFrom('coupons')
      .select('id')
      .where('email', '=', 'twice@example.com')
      .execute();
    expect(coupons).toHaveLength(1);
  });

  it.each([
    [{ email: 'not-an-email' }],
    [{ email: '' }],
    [{ email: `${'x'.repeat(250)}@example.com` }],
    [{}],
    [{ email: 42 }],
  ])('refuses %j with a message for the email field', async (payload) => {
    const res = await subscribeFrom(nextAddress(), payload);
    expect(res.statusCode).toBe(400);
    const { error } = apiErrorSchema.parse(res.json());
    expect(error.code).toBe('invalid_request');
    expect(error.fields).toHaveProperty('email');
  });

  it('limits one client address to a few attempts a minute, in the error shape', async () => {
    const address = nextAddress();
    for (let i = 0; i < NEWSLETTER_RATE_LIMIT.max; i++) {
      const res = await subscribeFrom(address, { email: `probe${i}@example.com` });
      expect(res.statusCode).toBe(200);
    }
    const limited = await subscribeFrom(address, { email: 'one-more@example.com' });
    expect(limited.statusCode).toBe(429);
    expect(apiErrorSchema.parse(limited.json()).error.code).toBe('rate_limited');
    const stored = await t.db.kysely
      .selectFrom('newsletter_subscribers')
      .select('id')
      .where('email', '=', 'one-more@example.com')
      .execute();
    expect(stored).toHaveLength(0);
  });
});
