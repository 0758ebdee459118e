import { sql, type Kysely } from 'kysely';

/**
 * A credit note also reverses an invoice whose sale did not happen (decision 024): an invoiced
 * order cancelled or refused at the door is credited whole. `refunds.reason` says which: `refund`
 * (money given back by staff, every row before this one), `cancelled` or `delivery_refused`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table refunds add column reason text not null default 'refund'`.execute(db);
}
