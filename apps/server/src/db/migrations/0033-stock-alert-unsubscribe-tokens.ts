import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import { dialectTypes } from '../dialect';

/**
 * Back-in-stock alerts get an unsubscribe link: each request keeps a random `token` (requests
 * made before get one here) and `unsubscribed_at`, set when the shopper follows the link. A
 * request waits while neither `notified_at` nor `unsubscribed_at` is set, so the partial unique
 * index that keeps one waiting request per email and variant is made again with both.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  const t = dialectTypes(dialect);
  // SQLite adds a NOT NULL column only with a default; every row gets its own token below.
  await sql`alter table stock_alerts add column token text not null default ''`.execute(db);
  await sql`alter table stock_alerts add column unsubscribed_at ${t.timestamp}`.execute(db);
  const { rows } = await sql<{ id: number }>`select id from stock_alerts`.execute(db);
  for (const { id } of rows)
    await sql`update stock_alerts set token = ${randomBytes(18).toString('base64url')} where id = ${id}`.execute(
      db,
    );
  if (dialect === 'postgres')
    await sql`alter table stock_alerts alter column token drop default`.execute(db);
  await db.schema
    .createIndex('stock_alerts_token_idx')
    .on('stock_alerts')
    .column('token')
    .unique()
    .execute();
  await db.schema.dropIndex('stock_alerts_waiting_idx').execute();
  await db.schema
    .createIndex('stock_alerts_waiting_idx')
    .on('stock_alerts')
    .columns(['variant_id', 'email'])
    .unique()
    .where((eb) =>
      eb.and([eb(sql.ref('notified_at'), 'is', null), eb(sql.ref('unsubscribed_at'), 'is', null)]),
    )
    .execute();
}
