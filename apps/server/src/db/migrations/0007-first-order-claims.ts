import type { Kysely } from 'kysely';

/**
 * The first-order (newsletter) discount is one per customer. Each order that got it claims the
 * customer's identities (mailbox, phone, postal address, account; see coupon-rules.ts), stored as
 * SHA-256 hashes so the table repeats no personal data. The primary key is what keeps two
 * concurrent orders from both claiming one identity. A claim whose order was cancelled may be
 * taken over by a later order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('first_order_claims')
    .addColumn('identity_hash', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) =>
      c.notNull().references('orders.id').onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('first_order_claims_order_idx')
    .on('first_order_claims')
    .column('order_id')
    .execute();
}
