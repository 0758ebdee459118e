import type { Kysely, Selectable } from 'kysely';
import {
  ADMIN_LIST_PAGE_SIZE,
  type AdminMessage,
  type messageStates,
} from '@souq/contracts/admin-marketing';
import type { Db } from '../../db/connection';
import { toIsoString } from '../../db/dialect';
import { containsText } from '../../db/like';
import { defineRepository } from '../../db/repository';
import type { ContactMessageTable, Database } from '../../db/schema';
import { auditWriter } from '../audit/audit.repository';
import { queueMail, type QueuedMail } from '../mail/outbox.queries';
import { shopSettingsReader } from '../settings/settings.repository';

type MessageState = (typeof messageStates)[number];
type MessageRow = Selectable<ContactMessageTable>;

/** What a message's read and answered columns become. */
export interface MessageMarks {
  read_at: string | null;
  answered_at: string | null;
  answered_by_user_id: string | null;
  answered_by_email: string | null;
  reply: string | null;
}

export function toAdminMessage(row: MessageRow): AdminMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    receivedAt: toIsoString(row.created_at),
    state: row.answered_at !== null ? 'answered' : row.read_at !== null ? 'read' : 'unread',
    readAt: row.read_at === null ? null : toIsoString(row.read_at),
    answeredAt: row.answered_at === null ? null : toIsoString(row.answered_at),
    answeredBy: row.answered_by_email,
    reply: row.reply,
  };
}

export interface NewContactMessage {
  name: string;
  email: string;
  phone: string;
  message: string;
}

function contactQueries(executor: Kysely<Database>) {
  return {
    async saveMessage(message: NewContactMessage): Promise<number> {
      const row = await executor
        .insertInto('contact_messages')
        .values(message)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Staff changes are logged in the transaction that makes them (modules/audit). */
    audit: auditWriter(executor),
    /** A reply goes out through the outbox, in the transaction that marks the message answered. */
    queueMail: (mail: QueuedMail) => queueMail(executor, mail),
    /** The shop's name and contact details, as the reply written now shows them. */
    shopSettings: shopSettingsReader(executor),

    /** One page, newest first, with the count of unread messages for the navigation's badge. */
    async listMessages(query: {
      state?: MessageState;
      q?: string;
      page: number;
    }): Promise<{ items: AdminMessage[]; total: number; unread: number }> {
      let messages = executor.selectFrom('contact_messages');
      if (query.state === 'unread')
        messages = messages.where('read_at', 'is', null).where('answered_at', 'is', null);
      if (query.state === 'read')
        messages = messages.where('read_at', 'is not', null).where('answered_at', 'is', null);
      if (query.state === 'answered') messages = messages.where('answered_at', 'is not', null);
      const q = query.q;
      if (q)
        messages = messages.where((eb) =>
          eb.or([containsText('name', q), containsText('email', q), containsText('message', q)]),
        );
      const [{ total }, { unread }, rows] = await Promise.all([
        messages.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        executor
          .selectFrom('contact_messages')
          .select((eb) => eb.fn.countAll<number>().as('unread'))
          .where('read_at', 'is', null)
          .where('answered_at', 'is', null)
          .executeTakeFirstOrThrow(),
        messages
          .selectAll()
          .orderBy('id', 'desc')
          .limit(ADMIN_LIST_PAGE_SIZE)
          .offset((query.page - 1) * ADMIN_LIST_PAGE_SIZE)
          .execute(),
      ]);
      return { total, unread, items: rows.map(toAdminMessage) };
    },

    async findMessage(id: number): Promise<MessageRow | undefined> {
      return executor
        .selectFrom('contact_messages')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async markMessage(id: number, marks: MessageMarks): Promise<MessageRow> {
      return executor
        .updateTable('contact_messages')
        .set(marks)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Marks a message read the first time staff open it; false if it already was. */
    async markOpened(id: number, at: string): Promise<boolean> {
      const result = await executor
        .updateTable('contact_messages')
        .set({ read_at: at })
        .where('id', '=', id)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
  };
}

export function createContactRepository(db: Db) {
  return defineRepository(db, contactQueries);
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
