import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import { dialectTypes } from '../dialect';

/**
 * VAT (decision 023): each country's standard rate in basis points, kept by staff, and how each
 * product is taxed ('standard', 'zero_rated' or 'exempt'). A shop starts with no rates, so it
 * charges no tax until staff add one: existing shops' totals stay as they were.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  const t = dialectTypes(dialect);
  await db.schema
    .createTable('tax_rates')
    .addColumn('country', 'text', (c) => c.primaryKey())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('tax_class', 'text', (c) => c.notNull().defaultTo('standard'))
    .execute();
}
