import {
  ADMIN_LIST_PAGE_SIZE,
  type AdminMessage,
  type AdminMessageList,
  type MessageReply,
  type messageStates,
} from '@souq/contracts/admin-marketing';
import { toIsoString } from '../../db/dialect';
import { NotFoundError } from '../../http/errors';
import type { AuditActor } from '../audit/audit.repository';
import { contactReplyMail } from '../mail/templates/contact-reply';
import { toAdminMessage, type ContactRepository, type MessageMarks } from './contact.repository';

type MessageState = (typeof messageStates)[number];

export interface MessagesServiceDependencies {
  repository: ContactRepository;
  /** The shop's public address, which the reply mail's logo is served from. */
  origin: string;
  clock?: () => Date;
}

/** The back office's inbox of contact-form messages: read, mark, and reply through the outbox. */
export function createMessagesService({
  repository,
  origin,
  clock = () => new Date(),
}: MessagesServiceDependencies) {
  const now = () => clock().toISOString();

  return {
    async listMessages(query: {
      state?: MessageState;
      q?: string;
      page?: number;
    }): Promise<AdminMessageList> {
      const page = query.page ?? 1;
      const list = await repository.listMessages({ ...query, page });
      return { ...list, page, pageSize: ADMIN_LIST_PAGE_SIZE };
    },

    /** Opening a message marks it read (not an edit worth an audit row). */
    async openMessage(id: number): Promise<AdminMessage> {
      await repository.markOpened(id, now());
      const row = await repository.findMessage(id);
      if (!row) throw new NotFoundError('No such message.');
      return toAdminMessage(row);
    },

    /** Marks a message unread, read, or answered another way (by phone): no mail is sent. */
    async setState(actor: AuditActor, id: number, state: MessageState): Promise<AdminMessage> {
      const at = now();
      return repository.transaction(async (tx) => {
        const before = await tx.findMessage(id);
        if (!before) throw new NotFoundError('No such message.');
        const current = toAdminMessage(before);
        if (current.state === state) return current;
        const readAt = before.read_at === null ? at : toIsoString(before.read_at);
        const unanswered = {
          answered_at: null,
          answered_by_user_id: null,
          answered_by_email: null,
          reply: null,
        };
        const marks: MessageMarks =
          state === 'unread'
            ? { read_at: null, ...unanswered }
            : state === 'read'
              ? { read_at: readAt, ...unanswered }
              : {
                  read_at: readAt,
                  answered_at: at,
                  answered_by_user_id: actor.userId,
                  answered_by_email: actor.email,
                  reply: null,
                };
        const after = toAdminMessage(await tx.markMessage(id, marks));
        await tx.audit.record({
          actor,
          action: `message.${state}`,
          entityType: 'contact_message',
          entityId: id,
          before: current,
          after,
          at: new Date(at),
        });
        return after;
      });
    },

    /**
     * Mails a reply to the sender in the language staff chose and marks the message answered,
     * in one transaction: the mail is queued only if the message is marked, and the other way.
     */
    async reply(actor: AuditActor, id: number, input: MessageReply): Promise<AdminMessage> {
      const at = now();
      return repository.transaction(async (tx) => {
        const before = await tx.findMessage(id);
        if (!before) throw new NotFoundError('No such message.');
        const mail = contactReplyMail({
          locale: input.locale,
          name: before.name,
          reply: input.reply,
          message: before.message,
          receivedAt: new Date(toIsoString(before.created_at)),
          shop: await tx.shopSettings.read(),
          origin,
        });
        await tx.queueMail({ ...mail, kind: 'contact_reply', to: before.email, orderId: null, at });
        const after = toAdminMessage(
          await tx.markMessage(id, {
            read_at: before.read_at === null ? at : toIsoString(before.read_at),
            answered_at: at,
            answered_by_user_id: actor.userId,
            answered_by_email: actor.email,
            reply: input.reply,
          }),
        );
        await tx.audit.record({
          actor,
          action: 'message.replied',
          entityType: 'contact_message',
          entityId: id,
          before: toAdminMessage(before),
          after: { ...after, locale: input.locale },
          at: new Date(at),
        });
        return after;
      });
    },
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;
