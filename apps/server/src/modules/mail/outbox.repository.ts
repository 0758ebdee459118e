import { sql, type Kysely } from 'kysely';
import type { MailKind } from '@souq/contracts/admin-orders';
import type { Db } from '../../db/connection';
import { defineRepository } from '../../db/repository';
import type { Database } from '../../db/schema';

type Trx = Kysely<Database>;

/** A mail the worker has leased and must now send. */
export interface LeasedMail {
  id: number;
  kind: MailKind;
  orderId: number | null;
  to: string;
  subject: string;
  html: string;
  text: string;
  attempts: number;
  leaseToken: string;
  /** The left part of its Message-ID, the same on every attempt. */
  messageKey: string;
  /** Its body is rendered from its order now, as it is sent (decision 029). */
  bodyFromOrder: boolean;
}

/** A mail's body as it was sent. */
export interface MailBody {
  html: string;
  text: string;
}

/** The worker's SQL: leasing due mails and recording what sending did. */
function outboxQueries(trx: Trx) {
  return {
    /**
     * Leases up to `limit` due mails to this worker until `leaseUntil`. The condition is checked
     * again by the UPDATE itself, so of two workers that pick the same row only one gets it.
     */
    async leaseDue(now: string, leaseUntil: string, token: string, limit: number) {
      const due = (qb: Trx) =>
        qb
          .selectFrom('mail_outbox')
          .select('id')
          .where('status', '=', 'queued')
          .where('next_attempt_at', '<=', now)
          .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
          .orderBy('next_attempt_at')
          .limit(limit);
      await trx
        .updateTable('mail_outbox')
        .set({ lease_until: leaseUntil, lease_token: token })
        .where('id', 'in', due(trx))
        .where('status', '=', 'queued')
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .execute();
      const rows = await trx
        .selectFrom('mail_outbox')
        .select([
          'id',
          'kind',
          'order_id',
          'recipient',
          'subject',
          'html',
          'text',
          'attempts',
          'message_key',
          'body_from',
        ])
        .where('lease_token', '=', token)
        .where('status', '=', 'queued')
        .orderBy('id')
        .execute();
      return rows.map((r): LeasedMail => ({
        id: r.id,
        kind: r.kind,
        orderId: r.order_id,
        to: r.recipient,
        subject: r.subject,
        html: r.html,
        text: r.text,
        attempts: r.attempts,
        leaseToken: token,
        messageKey: r.message_key ?? `outbox-${r.id}`,
        bodyFromOrder: r.body_from === 'order',
      }));
    },

    /**
     * Marks a batch sent in one statement, each row only while this worker still holds its lease
     * (one that expired belongs to another now). A body rendered as it was sent is kept with its
     * row, so the back office can send the same again; the others keep the body they had (or,
     * sent in a digest, their order to render it from).
     */
    async markSent(sent: { mail: LeasedMail; body?: MailBody }[], at: string): Promise<void> {
      if (sent.length === 0) return;
      // VALUES names its columns column1, column2, … on SQLite and PostgreSQL alike.
      const bodies = sql.join(
        sent.map(
          ({ mail, body }) =>
            sql`(cast(${mail.id} as integer), ${mail.leaseToken}, ${body?.html ?? null}, ${body?.text ?? null})`,
        ),
      );
      await trx
        .updateTable('mail_outbox')
        .from(sql`(values ${bodies})`.as('sent'))
        .set((eb) => ({
          html: sql`coalesce(sent.column3, mail_outbox.html)`,
          text: sql`coalesce(sent.column4, mail_outbox.text)`,
          // A row rendered from its order got its body here and loses the mark; a row sent in
          // a digest got none of its own and keeps it, so a copy sent again is its order's own.
          body_from: sql`case when sent.column3 is null then mail_outbox.body_from end`,
          status: 'sent',
          sent_at: at,
          attempts: eb('attempts', '+', 1),
          last_error: null,
          lease_until: null,
          lease_token: null,
        }))
        .where(
          sql<boolean>`mail_outbox.id = sent.column1 and mail_outbox.lease_token = sent.column2`,
        )
        .execute();
    },

    /** A failed attempt: tried again at `retryAt`, or given up on (`failed`) when that is null. */
    async markAttemptFailed(mail: LeasedMail, error: string, retryAt: string | null) {
      await trx
        .updateTable('mail_outbox')
        .set((eb) => ({
          status: retryAt === null ? 'failed' : 'queued',
          attempts: eb('attempts', '+', 1),
          last_error: error,
          ...(retryAt === null ? {} : { next_attempt_at: retryAt }),
          lease_until: null,
          lease_token: null,
        }))
        .where('id', '=', mail.id)
        .where('lease_token', '=', mail.leaseToken)
        .execute();
    },
  };
}

export function createOutboxRepository(db: Db) {
  return defineRepository(db, outboxQueries);
}
export type OutboxQueries = ReturnType<typeof outboxQueries>;
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
