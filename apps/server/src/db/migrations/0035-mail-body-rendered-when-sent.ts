import { sql, type Kysely } from 'kysely';

/**
 * An order's placed mails are written with their subject only, and their body is rendered from
 * the order when the outbox sends them (decision 029): `body_from` is 'order' until then, and
 * null for a mail whose body was stored with it (every mail before this, and every other kind).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table mail_outbox add column body_from text`.execute(db);
}
