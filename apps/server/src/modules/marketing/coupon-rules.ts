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
  /** Paused by staff: refused whatever its dates, until resumed. */
  paused: boolean;
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
  paused: 'This coupon is not available at the moment.',
  not_started: 'This coupon is not valid yet.',
  expired: 'This coupon has expired.',
  below_minimum: 'The order subtotal is below this coupon’s minimum.',
  used_up: 'This coupon has been used up.',
  not_for_this_email: 'This coupon belongs to another email address.',
  already_used_by_email: 'This coupon has already been used with this email address.',
  first_order_used:
    'The first-order discount is one per customer, and an earlier order by the same person already used it.',
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
  if (coupon.paused) return rejectCoupon('paused');
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

/** Where Gmail delivers mail whatever dots the local part holds. */
const DOT_BLIND_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * One mailbox however it is spelled: lower-cased, the "+tag" dropped, and for Gmail the dots in
 * the name dropped and googlemail.com read as gmail.com (shopper+2@… and s.hopper@… both reach
 * shopper@gmail.com).
 */
export function mailboxOf(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOT_BLIND_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** Letters and digits only, lower-cased, runs of anything else as one space. */
function plainText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export interface CustomerDetails {
  email: string;
  phone?: string;
  streetAddress?: string;
  apartment?: string;
  city?: string;
  /** The signed-in shopper's account, if any. */
  userId?: string | null;
}

/**
 * What tells one customer apart, for the one-per-customer first-order discount: the mailbox, the
 * phone number's digits, the postal address and the account. An earlier first-order discount on
 * any one of them means the same person (or household) is ordering again.
 */
export function customerIdentities(customer: CustomerDetails): string[] {
  const identities = [`email:${mailboxOf(customer.email)}`];
  const digits = customer.phone?.replace(/\D/g, '') ?? '';
  // Fewer digits than any real number carries would match strangers.
  if (digits.length >= 6) identities.push(`phone:${digits}`);
  if (customer.streetAddress && customer.city) {
    const address = [customer.streetAddress, customer.apartment ?? '', customer.city]
      .map(plainText)
      .join('|');
    identities.push(`address:${address}`);
  }
  if (customer.userId) identities.push(`user:${customer.userId}`);
  return identities;
}
