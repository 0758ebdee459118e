import { sql, type Kysely } from 'kysely';

/**
 * Each outbox mail keeps the left part of its `Message-ID` (the right part is the shop's host),
 * made once when the mail is queued, so every attempt to send it carries the same id and a mail
 * sent again after a crash is known as the same one. Mails queued before get one from their row
 * id, unique in the shop as the new ones are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table mail_outbox add column message_key text`.execute(db);
  await sql`update mail_outbox set message_key = 'outbox-' || id`.execute(db);
}
