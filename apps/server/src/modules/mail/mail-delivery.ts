import type { Mailer } from './mailer';
import type { LeasedMail, MailBody } from './outbox.repository';

/**
 * Sends one leased mail; resolves with the body rendered for it when it had none (an order's
 * placed mails, decision 029), which the outbox keeps with the row once it is marked sent.
 */
export type DeliverMail = (mail: LeasedMail) => Promise<MailBody | undefined>;

export interface MailDeliveryOptions {
  mailer: Mailer;
  /** The body of a mail written without one (an order's placed mails), from its order now. */
  orderMailBody: (mail: LeasedMail) => Promise<MailBody>;
  /** The right part of every Message-ID: the host of the shop's PUBLIC_URL. */
  messageIdDomain: string;
}

/** Renders a mail's body if it has none yet and sends it, with its Message-ID. */
export function createMailDelivery({
  mailer,
  orderMailBody,
  messageIdDomain,
}: MailDeliveryOptions): DeliverMail {
  return async (mail) => {
    const body = mail.bodyFromOrder ? await orderMailBody(mail) : undefined;
    await mailer.send({
      to: mail.to,
      subject: mail.subject,
      text: body?.text ?? mail.text,
      html: body?.html ?? mail.html,
      messageId: `<${mail.messageKey}@${messageIdDomain}>`,
    });
    return body;
  };
}
