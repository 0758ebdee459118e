import type { Mailer } from './mailer';
import type { LeasedMail, MailBody } from './outbox.repository';

/** What sending one mail came to; a body rendered for it is kept with its row once marked. */
export type MailOutcome = { sent: true; body?: MailBody } | { sent: false; error: string };

/**
 * Sends a batch of leased mails, side by side; resolves with each one's outcome in the batch's
 * order, with the body rendered for a mail that had none (an order's placed mails, decision 029).
 */
export type DeliverMails = (mails: LeasedMail[]) => Promise<MailOutcome[]>;

/**
 * A message for several of a batch's mails (`ids`): its subject and body, and which of them it
 * carries; any other failed (its order is gone).
 */
export interface MailDigest {
  ids: number[];
  message: Promise<MailBody & { subject: string; carries: number[] }>;
}

/**
 * Renders the messages of a batch's mails written without a body: each mail's own body by mail
 * id, and the digests that carry several (new-order alerts to one address).
 */
export type OrderMailBodies = (mails: Pick<LeasedMail, 'id' | 'kind' | 'orderId' | 'to'>[]) => {
  bodies: Map<number, Promise<MailBody>>;
  digests: MailDigest[];
};

export interface MailDeliveryOptions {
  mailer: Mailer;
  /** The bodies of mails written without one (an order's placed mails), from their order now. */
  orderMailBodies: OrderMailBodies;
  /** The right part of every Message-ID: the host of the shop's PUBLIC_URL. */
  messageIdDomain: string;
}

const failed = (error: unknown): MailOutcome => ({
  sent: false,
  error: error instanceof Error ? error.message : String(error),
});

/**
 * Renders the batch's bodies that are not written yet and sends each mail with its Message-ID;
 * a digest goes as one message with the Message-ID of its first mail, and its mails share its
 * outcome. Their rows keep no body: each is rendered from its order again if it is sent again.
 */
export function createMailDelivery({
  mailer,
  orderMailBodies,
  messageIdDomain,
}: MailDeliveryOptions): DeliverMails {
  const messageId = (mail: LeasedMail) => `<${mail.messageKey}@${messageIdDomain}>`;
  return (mails) => {
    const { bodies, digests } = orderMailBodies(mails.filter((mail) => mail.bodyFromOrder));
    const byId = new Map(mails.map((mail) => [mail.id, mail]));
    const inDigest = new Map<number, Promise<MailOutcome>>();
    for (const { ids, message } of digests) {
      const sending = message.then(async ({ subject, text, html, carries }) => {
        const first = byId.get(carries[0] ?? -1);
        if (first)
          await mailer.send({ to: first.to, subject, text, html, messageId: messageId(first) });
        return carries;
      });
      for (const id of ids)
        inDigest.set(
          id,
          sending.then(
            (carries): MailOutcome =>
              carries.includes(id)
                ? { sent: true }
                : failed(new Error(`The order of mail ${id} is missing`)),
            failed,
          ),
        );
    }
    return Promise.all(
      mails.map(async (mail): Promise<MailOutcome> => {
        const digest = inDigest.get(mail.id);
        if (digest) return digest;
        try {
          const body = await bodies.get(mail.id);
          await mailer.send({
            to: mail.to,
            subject: mail.subject,
            text: body?.text ?? mail.text,
            html: body?.html ?? mail.html,
            messageId: messageId(mail),
          });
          return { sent: true, body };
        } catch (error) {
          return failed(error);
        }
      }),
    );
  };
}
