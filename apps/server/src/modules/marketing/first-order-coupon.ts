import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  customerIdentities,
  rejectCoupon,
  type CouponRejected,
  type CustomerDetails,
} from './coupon-rules';
import { createFirstOrderRepository } from './first-order.repository';

/**
 * A first-order discount (the newsletter's coupon, or the installed app's offer) is one per
 * customer, not one per email spelling: an order may have one only when none of its customer's
 * identities (mailbox, phone, postal address, account) belongs to an earlier order, not
 * cancelled, that had a first-order discount of either kind (decision 009).
 */

const hashIdentity = (identity: string) => createHash('sha256').update(identity).digest('hex');

function identityHashes(customer: CustomerDetails): string[] {
  // Sorted: concurrent orders claim rows in one order and cannot deadlock each other.
  return [...new Set(customerIdentities(customer).map(hashIdentity))].sort();
}

/**
 * For a quote: the rejection an order would get, judged by what the quote knows (the email).
 * Reads only; the order's own claim is what decides.
 */
export async function previewFirstOrderCoupon(
  db: Kysely<Database>,
  couponId: number,
  customer: CustomerDetails,
): Promise<CouponRejected | null> {
  const repo = createFirstOrderRepository(db);
  if (!(await repo.isFirstOrderCoupon(couponId))) return null;
  return (await repo.isClaimed(identityHashes(customer))) ? rejectCoupon('first_order_used') : null;
}

/**
 * Inside the order's write transaction, after the order row exists: claims every identity of the
 * customer for this order. A rejection means another order already had the discount, and the
 * caller must abandon the transaction (nothing of the order is kept).
 */
export async function claimFirstOrderCoupon(
  trx: Kysely<Database>,
  couponId: number,
  orderId: number,
  customer: CustomerDetails,
): Promise<CouponRejected | null> {
  const repo = createFirstOrderRepository(trx);
  if (!(await repo.isFirstOrderCoupon(couponId))) return null;
  return (await claimFirstOrderDiscount(trx, orderId, customer))
    ? null
    : rejectCoupon('first_order_used');
}

/** For a quote: whether this customer (by what the quote knows) already had a first-order discount. */
export async function hadFirstOrderDiscount(
  db: Kysely<Database>,
  customer: CustomerDetails,
): Promise<boolean> {
  return createFirstOrderRepository(db).isClaimed(identityHashes(customer));
}

/**
 * Inside the order's write transaction, after the order row exists: claims every identity of the
 * customer for this order's first-order discount. False when another order already had one; the
 * caller then abandons the transaction or places the order without the discount.
 */
export async function claimFirstOrderDiscount(
  trx: Kysely<Database>,
  orderId: number,
  customer: CustomerDetails,
): Promise<boolean> {
  const repo = createFirstOrderRepository(trx);
  for (const hash of identityHashes(customer)) {
    if (!(await repo.claim(hash, orderId))) return false;
  }
  return true;
}
