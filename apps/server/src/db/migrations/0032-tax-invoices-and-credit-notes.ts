import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import { dialectTypes } from '../dialect';

/**
 * Tax invoices and credit notes (decision 024): one counter row per series, raised in the
 * transaction that issues the document, so numbers have no gap and no repeat on either database;
 * an order keeps its invoice number, when it was issued and the seller as the settings named it
 * then, a refund its credit note's number.
 * Orders and refunds from before carry none.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  const t = dialectTypes(dialect);
  await db.schema
    .createTable('document_counters')
    .addColumn('series', 'text', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto('document_counters' as never)
    .values([
      { series: 'invoice', last_number: 0 },
      { series: 'credit_note', last_number: 0 },
    ] as never)
    .execute();
  await db.schema.alterTable('orders').addColumn('invoice_number', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('invoiced_at', t.timestamp).execute();
  await db.schema.alterTable('orders').addColumn('invoice_seller', 'text').execute();
  await db.schema
    .createIndex('orders_invoice_number_key')
    .on('orders')
    .column('invoice_number')
    .unique()
    .execute();
  await db.schema.alterTable('refunds').addColumn('credit_note_number', 'integer').execute();
  await db.schema
    .createIndex('refunds_credit_note_number_key')
    .on('refunds')
    .column('credit_note_number')
    .unique()
    .execute();
}
