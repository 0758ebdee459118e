import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The same message as HTML, sent beside the plain text. */
  html?: string;
  /** The `Message-ID` header, `<left@host>`; the same on every attempt to send one mail. */
  messageId?: string;
}

/** Sends the shop's mail; which kind depends on SMTP_URL. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Closes what the mailer holds open (the SMTP pool's connections). */
  close?(): void;
}

/** SMTP connections kept open per app server: the outbox sends a batch side by side over them. */
const SMTP_CONNECTIONS = 8;

/**
 * Real mail through the server named by SMTP_URL, over a pool of open connections: a connection
 * (and its TLS handshake) per mail held sending to about ten mails a second (decision 029). The
 * envelope and DATA go out in one write where the server offers PIPELINING (nodemailer's own).
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
  });
  return {
    async send(message) {
      // The message is built into one buffer before it is sent: streamed from its parts, each
      // base64 line of the body was a write to the socket of its own, the most CPU of a mail.
      const mime = new MailComposer({
        from,
        ...message,
        // Base64 bodies: nodemailer's quoted-printable scans and encodes the HTML in JavaScript
        // at about twice the CPU of Buffer's base64, and an order's two mails are sent in a sale.
        textEncoding: 'base64',
      }).compile();
      const raw = await mime.build();
      await transport.sendMail({ envelope: mime.getEnvelope(), raw });
    },
    close: () => transport.close(),
  };
}

/**
 * With no mail server configured, each message is written as a JSON file to the outbox folder,
 * so a shop on one machine can still follow a reset link. The log says only where it went: the
 * text carries live reset links, and logs are read (and shipped) by more people than the inbox.
 */
export function createOutboxMailer(outboxDir: string, log: FastifyBaseLogger): Mailer {
  return {
    async send(message) {
      await fs.mkdir(outboxDir, { recursive: true });
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID()}.json`,
      );
      await fs.writeFile(file, JSON.stringify(message, null, 2), { mode: 0o600 });
      log.info(
        { mail: { to: message.to, subject: message.subject }, file },
        'mail written to the outbox (no SMTP_URL set)',
      );
    },
  };
}
