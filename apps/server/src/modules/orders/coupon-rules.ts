import type { CouponRejection } from '@souq/contracts/orders';

/** A coupon as the rules see it. */
export interface Coupon {
  id: number;
  code: string;
  kind: 'percent' | 'fixed';
  /** percent: 1..100; fixed: minor units. */
  amount: number;
  minSubtotal: number;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerEmail: number | null;
  /** Set for a code issued to one shopper. */
  email: string | null;
  usesCount: number;
}

export interface CouponContext {
  /** Merchandise subtotal in minor units, before discount and shipping. */
  subtotal: number;
  /** The order's email; unknown in a cart preview, when the email rules wait for checkout. */
  email: string | null;
  /** Earlier redemptions of this coupon by that email. */
  usesByEmail: number;
  now: Date;
}

export interface CouponRejected {
  applied: false;
  rejection: CouponRejection;
  message: string;
}
export type CouponResult = { applied: true; discount: number } | CouponRejected;

const messages: Record<CouponRejection, string> = {
  unknown: 'This coupon code does not exist.',
  not_started: 'This coupon is not valid yet.',
  expired: 'This coupon has expired.',
  below_minimum: 'The order subtotal is below this coupon’s minimum.',
  used_up: 'This coupon has been used up.',
  not_for_this_email: 'This coupon belongs to another email address.',
  already_used_by_email: 'This coupon has already been used with this email address.',
};

export function rejectCoupon(rejection: CouponRejection): CouponRejected {
  return { applied: false, rejection, message: messages[rejection] };
}

/**
 * Whether a coupon applies and how much it takes off. Starts are inclusive and ends exclusive;
 * percent discounts round down to whole minor units; a discount never exceeds the subtotal
 * (shipping is never discounted).
 */
export function evaluateCoupon(coupon: Coupon, context: CouponContext): CouponResult {
  const now = context.now.getTime();
  if (coupon.startsAt && now < coupon.startsAt.getTime()) return rejectCoupon('not_started');
  if (coupon.endsAt && now >= coupon.endsAt.getTime()) return rejectCoupon('expired');
  if (coupon.maxUses !== null && coupon.usesCount >= coupon.maxUses) return rejectCoupon('used_up');
  if (context.email !== null) {
    if (coupon.email !== null && coupon.email.toLowerCase() !== context.email.toLowerCase()) {
      return rejectCoupon('not_for_this_email');
    }
    if (coupon.maxUsesPerEmail !== null && context.usesByEmail >= coupon.maxUsesPerEmail) {
      return rejectCoupon('already_used_by_email');
    }
  }
  if (context.subtotal < coupon.minSubtotal) return rejectCoupon('below_minimum');
  const discount =
    coupon.kind === 'percent'
      ? Math.floor((context.subtotal * Math.min(coupon.amount, 100)) / 100)
      : coupon.amount;
  return { applied: true, discount: Math.min(discount, context.subtotal) };
}
