import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';

/**
 * An order's language (`orders.locale`) was checked by the database against English and Arabic.
 * The shop's languages are now one list in the contracts (decision 018), checked where an order
 * comes in (`placeOrderSchema`), so a language added to the list needs no migration: the check
 * goes. SQLite cannot drop a column's check, so the column is copied into a new one without it;
 * PostgreSQL drops the constraint.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`alter table orders add column language text not null default 'en'`.execute(db);
    await sql`update orders set language = locale`.execute(db);
    await sql`alter table orders drop column locale`.execute(db);
    await sql`alter table orders rename column language to locale`.execute(db);
    return;
  }
  await sql`alter table orders drop constraint orders_locale_check`.execute(db);
}
