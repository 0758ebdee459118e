import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The first-order claims of customers' identities (hashed; see migration 0007). */
export function createFirstOrderRepository(trx: Kysely<Database>) {
  const cancelledOrders = trx.selectFrom('orders').select('id').where('status', '=', 'cancelled');

  return {
    /** Whether a coupon is a newsletter subscriber's first-order coupon. */
    async isFirstOrderCoupon(couponId: number): Promise<boolean> {
      const row = await trx
        .selectFrom('newsletter_subscribers')
        .select('id')
        .where('coupon_id', '=', couponId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether an order that still stands claimed any of these identities. */
    async isClaimed(identityHashes: string[]): Promise<boolean> {
      const row = await trx
        .selectFrom('first_order_claims')
        .select('identity_hash')
        .where('identity_hash', 'in', identityHashes)
        .where('order_id', 'not in', cancelledOrders)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Claims one identity for an order: a new row, or the row of a cancelled order taken over.
     * False when an order that stands holds it. On PostgreSQL a concurrent claim of the same
     * identity waits on the primary key (insert) or the row lock (update) until the other order
     * commits or rolls back, and then sees its outcome; SQLite runs one write at a time.
     */
    async claim(identityHash: string, orderId: number): Promise<boolean> {
      const inserted = await trx
        .insertInto('first_order_claims')
        .values({ identity_hash: identityHash, order_id: orderId })
        .onConflict((oc) => oc.column('identity_hash').doNothing())
        .returning('identity_hash')
        .executeTakeFirst();
      if (inserted) return true;
      const takenOver = await trx
        .updateTable('first_order_claims')
        .set({ order_id: orderId })
        .where('identity_hash', '=', identityHash)
        .where('order_id', 'in', cancelledOrders)
        .returning('identity_hash')
        .executeTakeFirst();
      return takenOver !== undefined;
    },
  };
}
