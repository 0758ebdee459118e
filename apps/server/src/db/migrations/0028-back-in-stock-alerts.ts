import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import { addIdColumn, dialectTypes } from '../dialect';

/**
 * Back-in-stock alerts (modules/stock-alerts): a shopper's request to be told when a sold-out
 * variant returns, in the language they asked in, with the product's address as it was then.
 * `notified_at` is set in the transaction that raises the variant's stock and queues the mail;
 * at most one request per email and variant waits at a time (a partial unique index).
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  const t = dialectTypes(dialect);
  await addIdColumn(db.schema.createTable('stock_alerts'), dialect)
    .addColumn('variant_id', 'integer', (c) =>
      c.notNull().references('product_variants.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'integer', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('product_url', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('notified_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('stock_alerts_waiting_idx')
    .on('stock_alerts')
    .columns(['variant_id', 'email'])
    .unique()
    .where(sql.ref('notified_at'), 'is', null)
    .execute();
}
