import type { Kysely } from 'kysely';
import type { Db } from '../../db/connection';
import { defineRepository } from '../../db/repository';
import type { Database } from '../../db/schema';

export interface FirstOrderCoupon {
  code: string;
  percentOff: number;
}

/** Subscribing writes the subscriber and the coupon together, in one transaction. */
function newsletterQueries(trx: Kysely<Database>) {
  return {
    /** Adds the address; false when it was already on the list. */
    async addSubscriber(email: string): Promise<number | null> {
      const row = await trx
        .insertInto('newsletter_subscribers')
        .values({ email })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    async findSubscriberCoupon(email: string): Promise<FirstOrderCoupon | null> {
      const row = await trx
        .selectFrom('newsletter_subscribers')
        .innerJoin('coupons', 'coupons.id', 'newsletter_subscribers.coupon_id')
        .select(['coupons.code', 'coupons.amount'])
        .where('newsletter_subscribers.email', '=', email)
        .executeTakeFirst();
      return row ? { code: row.code, percentOff: row.amount } : null;
    },

    /** A percent coupon that only `email` can use, once. */
    async giveFirstOrderCoupon(
      subscriberId: number,
      email: string,
      coupon: FirstOrderCoupon,
    ): Promise<void> {
      const { id } = await trx
        .insertInto('coupons')
        .values({
          code: coupon.code,
          kind: 'percent',
          amount: coupon.percentOff,
          email,
          max_uses: 1,
          max_uses_per_email: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('newsletter_subscribers')
        .set({ coupon_id: id })
        .where('id', '=', subscriberId)
        .execute();
    },
  };
}

export function createNewsletterRepository(db: Db) {
  return defineRepository(db, newsletterQueries);
}
export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
