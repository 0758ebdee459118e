import { describe, expect, it } from 'vitest';
import {
  customerIdentities,
  evaluateCoupon,
  mailboxOf,
  type Coupon,
  type CouponContext,
} from './coupon-rules';

const coupon = (overrides: Partial<Coupon> = {}): Coupon => ({
  id: 1,
  code: 'SAVE10',
  kind: 'percent',
  amount: 10,
  minSubtotal: 0,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerEmail: null,
  email: null,
  usesCount: 0,
  paused: false,
  ...overrides,
});

const context = (overrides: Partial<CouponContext> = {}): CouponContext => ({
  subtotal: 10_000,
  email: 'ada@example.com',
  usesByEmail: 0,
  now: new Date('2026-06-15T12:00:00Z'),
  ...overrides,
});

describe('coupon rules', () => {
  it('takes a percentage off the subtotal, rounding down to whole cents', () => {
    expect(evaluateCoupon(coupon(), context({ subtotal: 10_000 }))).toEqual({
      applied: true,
      discount: 1000,
    });
    expect(evaluateCoupon(coupon({ amount: 15 }), context({ subtotal: 999 }))).toEqual({
      applied: true,
      discount: 149,
    });
  });

  it('takes a fixed amount off, never more than the subtotal', () => {
    expect(evaluateCoupon(coupon({ kind: 'fixed', amount: 500 }), context())).toEqual({
      applied: true,
      discount: 500,
    });
    expect(
      evaluateCoupon(coupon({ kind: 'fixed', amount: 5000 }), context({ subtotal: 1200 })),
    ).toEqual({ applied: true, discount: 1200 });
  });

  it('refuses a paused coupon whatever its dates and uses, and takes it again once resumed', () => {
    expect(evaluateCoupon(coupon({ paused: true }), context())).toMatchObject({
      applied: false,
      rejection: 'paused',
    });
    expect(evaluateCoupon(coupon({ paused: false }), context())).toMatchObject({ applied: true });
  });

  it('is valid from its start (inclusive) until its end (exclusive)', () => {
    const window = {
      startsAt: new Date('2026-06-01T00:00:00Z'),
      endsAt: new Date('2026-07-01T00:00:00Z'),
    };
    const at = (iso: string) => evaluateCoupon(coupon(window), context({ now: new Date(iso) }));
    expect(at('2026-05-31T23:59:59Z')).toMatchObject({ applied: false, rejection: 'not_started' });
    expect(at('2026-06-01T00:00:00Z')).toMatchObject({ applied: true });
    expect(at('2026-06-30T23:59:59Z')).toMatchObject({ applied: true });
    expect(at('2026-07-01T00:00:00Z')).toMatchObject({ applied: false, rejection: 'expired' });
  });

  it('needs the minimum subtotal', () => {
    const c = coupon({ minSubtotal: 5000 });
    expect(evaluateCoupon(c, context({ subtotal: 4999 }))).toMatchObject({
      applied: false,
      rejection: 'below_minimum',
    });
    expect(evaluateCoupon(c, context({ subtotal: 5000 }))).toMatchObject({ applied: true });
  });

  it('stops at its total number of uses', () => {
    expect(evaluateCoupon(coupon({ maxUses: 3, usesCount: 2 }), context())).toMatchObject({
      applied: true,
    });
    expect(evaluateCoupon(coupon({ maxUses: 3, usesCount: 3 }), context())).toMatchObject({
      applied: false,
      rejection: 'used_up',
    });
  });

  it('limits uses per email', () => {
    const c = coupon({ maxUsesPerEmail: 1 });
    expect(evaluateCoupon(c, context({ usesByEmail: 0 }))).toMatchObject({ applied: true });
    expect(evaluateCoupon(c, context({ usesByEmail: 1 }))).toMatchObject({
      applied: false,
      rejection: 'already_used_by_email',
    });
  });

  it('serves only the email it was issued to, in any letter case', () => {
    const c = coupon({ email: 'Ada@Example.com' });
    expect(evaluateCoupon(c, context({ email: 'ada@example.COM' }))).toMatchObject({
      applied: true,
    });
    expect(evaluateCoupon(c, context({ email: 'bob@example.com' }))).toMatchObject({
      applied: false,
      rejection: 'not_for_this_email',
      message: expect.stringContaining('another email') as unknown,
    });
  });

  it('leaves the email rules to checkout when the email is not known yet', () => {
    const c = coupon({ email: 'ada@example.com', maxUsesPerEmail: 1 });
    expect(evaluateCoupon(c, context({ email: null, usesByEmail: 5 }))).toMatchObject({
      applied: true,
    });
  });
});

describe('who a customer is, for the first-order discount', () => {
  it('reads every spelling of one mailbox as that mailbox', () => {
    for (const spelling of [
      'shopper@gmail.com',
      ' Shopper+1@Gmail.com ',
      'shop.per+newsletter@gmail.com',
      'S.H.O.P.P.E.R@googlemail.com',
    ]) {
      expect(mailboxOf(spelling), spelling).toBe('shopper@gmail.com');
    }
    // Dots matter outside Gmail; the +tag does not.
    expect(mailboxOf('first.last+x@example.com')).toBe('first.last@example.com');
    expect(mailboxOf('firstlast@example.com')).not.toBe(mailboxOf('first.last@example.com'));
  });

  it('names the mailbox, the phone digits, the postal address and the account', () => {
    const identities = customerIdentities({
      email: 'Ada+shop@example.com',
      phone: '+20 (100) 000-0000',
      streetAddress: ' 1, Market  Street ',
      apartment: 'Flat 2',
      city: 'CAIRO',
      userId: 'u1',
    });
    expect(identities).toEqual([
      'email:ada@example.com',
      'phone:201000000000',
      'address:1 market street|flat 2|cairo',
      'user:u1',
    ]);
    expect(customerIdentities({ email: 'ada@example.com', phone: '(--)' })).toEqual([
      'email:ada@example.com',
    ]);
  });
});
