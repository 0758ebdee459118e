import type { Mailer } from './mailer';
import type { LeasedMail, MailBody } from './outbox.repository';

/** What sending one mail came to; a body rendered for it is kept with its row once marked. */
export type MailOutcome = { sent: true; body?: MailBody } | { sent: false; error: string };

/**
 * Sends a batch of leased mails, side by side; resolves with each one's outcome in the batch's
 * order, with the body rendered for a mail that had none (an order's placed mails, decision 029).
 */
export type DeliverMails = (mails: LeasedMail[]) => Promise<MailOutcome[]>;

/** Renders the bodies of a batch's mails written without one, by mail id. */
export type OrderMailBodies = (
  mails: Pick<LeasedMail, 'id' | 'kind' | 'orderId'>[],
) => Map<number, Promise<MailBody>>;

export interface MailDeliveryOptions {
  mailer: Mailer;
  /** The bodies of mails written without one (an order's placed mails), from their order now. */
  orderMailBodies: OrderMailBodies;
  /** The right part of every Message-ID: the host of the shop's PUBLIC_URL. */
  messageIdDomain: string;
}

/** Renders the batch's bodies that are not written yet and sends each mail with its Message-ID. */
export function createMailDelivery({
  mailer,
  orderMailBodies,
  messageIdDomain,
}: MailDeliveryOptions): DeliverMails {
  return (mails) => {
    const bodies = orderMailBodies(mails.filter((mail) => mail.bodyFromOrder));
    return Promise.all(
      mails.map(async (mail): Promise<MailOutcome> => {
        try {
          const body = await bodies.get(mail.id);
          await mailer.send({
            to: mail.to,
            subject: mail.subject,
            text: body?.text ?? mail.text,
            html: body?.html ?? mail.html,
            messageId: `<${mail.messageKey}@${messageIdDomain}>`,
          });
          return { sent: true, body };
        } catch (error) {
          return { sent: false, error: error instanceof Error ? error.message : String(error) };
        }
      }),
    );
  };
}
