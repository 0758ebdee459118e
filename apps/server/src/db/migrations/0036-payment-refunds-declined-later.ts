import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import { addIdColumn, dialectTypes } from '../dialect';

/**
 * Each refund a provider accepted, by the provider's id of it (decision 022): a provider may say
 * later that it did not go through (Stripe's `refund.failed`, Checkout.com's
 * `payment_refund_declined`); the refund is then `declined`, with the provider's reason, until
 * staff send it again.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  const t = dialectTypes(dialect);
  await addIdColumn(db.schema.createTable('payment_refunds'), dialect)
    .addColumn('payment_id', 'integer', (c) =>
      c.notNull().references('payments.id').onDelete('cascade'),
    )
    .addColumn('provider_reference', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('sent', 'declined')`))
    .addColumn('reason', 'text')
    // How many times it was sent: each retry goes to the provider under a key of its own.
    .addColumn('sends', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_refunds_payment_idx')
    .on('payment_refunds')
    .column('payment_id')
    .execute();
  await db.schema
    .createIndex('payment_refunds_reference_idx')
    .on('payment_refunds')
    .column('provider_reference')
    .execute();
}
