import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import { addIdColumn, dialectTypes } from '../dialect';

/**
 * Contact messages, newsletter subscribers (one row per normalised email, holding the
 * first-order coupon they were given) and the request counters of the rate limiter, which
 * live here so every app server behind a load balancer counts against the same limits.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  const t = dialectTypes(dialect);

  await addIdColumn(db.schema.createTable('contact_messages'), dialect)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await addIdColumn(db.schema.createTable('newsletter_subscribers'), dialect)
    // trimmed and lower-cased before it is stored
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('coupon_id', 'integer', (c) => c.references('coupons.id'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    // milliseconds since the epoch: compared with the app server's clock in one statement
    .addColumn('resets_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_counters_resets_at')
    .on('rate_limit_counters')
    .column('resets_at_ms')
    .execute();
}
