import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { MailKind, OutboxMail } from '@souq/contracts/admin-orders';
import { toIsoString } from '../../db/dialect';
import type { Database, MailOutboxTable } from '../../db/schema';
import { preparedQuery } from '../../db/prepared-query';
import type { RenderedMail } from './templates/render';

export interface QueuedMail extends RenderedMail {
  kind: MailKind;
  to: string;
  /** The order the mail is about, so the back office lists it there; null for none. */
  orderId: number | null;
  at: string;
}

/**
 * Writes a mail into the outbox over the caller's transaction: it is sent only if the change it
 * tells of commits, and a mail server that is down loses nothing (decision 013).
 */
export async function queueMail(trx: Kysely<Database>, mail: QueuedMail): Promise<number> {
  const { id } = await trx
    .insertInto('mail_outbox')
    .values({
      kind: mail.kind,
      recipient: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      status: 'queued',
      next_attempt_at: mail.at,
      order_id: mail.orderId,
      created_at: mail.at,
      // Made once here, so every attempt to send the mail carries the same Message-ID.
      message_key: randomUUID(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A mail whose body the outbox renders from its order when it sends it; its subject is set now. */
export interface QueuedOrderMail {
  kind: MailKind;
  to: string;
  orderId: number;
  subject: string;
  at: string;
}

/**
 * Writes mails about an order into the outbox, in one statement over the caller's transaction,
 * without their body: rendering it is most of a mail's cost, and an order's transaction holds the
 * shop's writes (decision 029). The outbox renders it from the order when it sends the mail.
 */
export async function queueOrderMails(
  trx: Kysely<Database>,
  mails: QueuedOrderMail[],
): Promise<void> {
  if (mails.length === 0) return;
  const rows = mails.map((mail) => ({ ...mail, messageKey: randomUUID() }));
  await insertOrderMailRows(trx, { rows }, rows.length);
}

/** Every order queues its mails: built once (decision 029); `shape`, how many. */
const insertOrderMailRows = preparedQuery<
  { rows: (QueuedOrderMail & { messageKey: string })[] },
  never
>((db, arg, count) =>
  db.insertInto('mail_outbox').values(
    Array.from({ length: count }, (_, i) => ({
      kind: arg('rows', i, 'kind'),
      recipient: arg('rows', i, 'to'),
      subject: arg('rows', i, 'subject'),
      html: '',
      text: '',
      body_from: 'order' as const,
      status: 'queued' as const,
      next_attempt_at: arg('rows', i, 'at'),
      order_id: arg('rows', i, 'orderId'),
      created_at: arg('rows', i, 'at'),
      message_key: arg('rows', i, 'messageKey'),
    })),
  ),
);

/** An order's mails as the columns `orderMailsInsert` binds, each with its Message-ID's key. */
export function orderMailColumns(mails: Pick<QueuedOrderMail, 'kind' | 'to' | 'subject'>[]) {
  return {
    kinds: mails.map((m) => m.kind),
    recipients: mails.map((m) => m.to),
    subjects: mails.map((m) => m.subject),
    messageKeys: mails.map(() => randomUUID()),
  };
}

/**
 * PostgreSQL: the rows `queueOrderMails` writes, as a part of the order's one data-modifying
 * WITH (decision 029), for the order whose id the given SQL yields (none when it yields null:
 * the order was not written); `mails` names the bound arrays of `orderMailColumns`.
 */
export function orderMailsInsert(
  mails: Record<keyof ReturnType<typeof orderMailColumns>, unknown>,
  orderId: RawBuilder<number>,
  at: unknown,
) {
  return sql`insert into mail_outbox (kind, recipient, subject, html, text, body_from, status,
      next_attempt_at, order_id, created_at, message_key)
    select mail.kind, mail.recipient, mail.subject, '', '', 'order', 'queued', ${at}::timestamptz,
      ${orderId}, ${at}::timestamptz, mail.message_key
    from unnest(${mails.kinds}::text[], ${mails.recipients}::text[], ${mails.subjects}::text[],
      ${mails.messageKeys}::text[]) as mail (kind, recipient, subject, message_key)
    where ${orderId} is not null`;
}

function toOutboxMail(row: Selectable<MailOutboxTable>): OutboxMail {
  return {
    id: row.id,
    kind: row.kind,
    to: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: toIsoString(row.created_at),
    sentAt: row.sent_at === null ? null : toIsoString(row.sent_at),
  };
}

/** An order's mails, oldest first, as the back office lists them. */
export async function listOrderMails(
  trx: Kysely<Database>,
  orderId: number,
): Promise<OutboxMail[]> {
  const rows = await trx
    .selectFrom('mail_outbox')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return rows.map(toOutboxMail);
}

/**
 * Queues a copy of one of an order's mails, so the history of the first stays as it was. A mail
 * still queued is on its way and is not copied. Undefined when the order has no such mail.
 */
export async function requeueOrderMail(
  trx: Kysely<Database>,
  orderId: number,
  mailId: number,
  at: string,
): Promise<OutboxMail | undefined> {
  const row = await trx
    .selectFrom('mail_outbox')
    .selectAll()
    .where('id', '=', mailId)
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.status === 'queued') return toOutboxMail(row);
  const copy = await trx
    .insertInto('mail_outbox')
    .values({
      kind: row.kind,
      recipient: row.recipient,
      subject: row.subject,
      html: row.html,
      text: row.text,
      // Rendered from the order when sent, as the first was if it never got its body.
      body_from: row.body_from,
      status: 'queued',
      next_attempt_at: at,
      order_id: row.order_id,
      created_at: at,
      // A new mail, sent on purpose: its own Message-ID.
      message_key: randomUUID(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toOutboxMail(copy);
}
