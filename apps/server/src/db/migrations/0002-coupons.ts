import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import { addIdColumn, dialectTypes } from '../dialect';

/**
 * Discount codes. Both the newsletter (a first-order code for one email) and checkout use
 * them; uses_count is raised with a conditional UPDATE so a single-use code holds under
 * concurrent checkouts.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  const t = dialectTypes(dialect);

  await addIdColumn(db.schema.createTable('coupons'), dialect)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('percent', 'fixed')`))
    // percent: 1..100; fixed: minor units of the shop's currency
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('min_subtotal_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', t.timestamp)
    .addColumn('ends_at', t.timestamp)
    .addColumn('max_uses', 'integer')
    .addColumn('max_uses_per_email', 'integer')
    // set for codes issued to one shopper (the newsletter's first-order code)
    .addColumn('email', 'text')
    .addColumn('uses_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`uses_count >= 0`),
    )
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
}
