import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { encode as base64, wrap as wrapLines } from 'nodemailer/lib/base64';
import { hasLongerLines, isPlainText } from 'nodemailer/lib/mime-funcs';

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
 * The text and HTML parts reach nodemailer encoded (`encodedParts`), so it streams a message as
 * a few whole chunks (the headers, each part) and composes it once: built into one buffer first,
 * it was composed twice, ours and then `sendMail`'s wrapping of the buffer.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
  });
  // The new-order alert's recipients get the same body one after the other: it is encoded once.
  let last: { text: string; html: string; parts: RawPart[] } | undefined;
  const partsOf = (text: string, html: string): RawPart[] => {
    if (last?.text !== text || last.html !== html)
      last = { text, html, parts: encodedParts(text, html) };
    return last.parts;
  };
  return {
    async send({ to, subject, messageId, ...body }) {
      await transport.sendMail({
        from,
        to,
        subject,
        messageId,
        ...(body.html === undefined
          ? { text: body.text }
          : { alternatives: partsOf(body.text, body.html) }),
        // Base64 (bodies, encoded words): nodemailer's quoted-printable is twice the CPU.
        textEncoding: 'base64',
      });
    },
    close: () => transport.close(),
  };
}

/** A MIME part written out, headers and body, as nodemailer takes it (`raw`). */
interface RawPart {
  raw: string;
}

/**
 * The text and HTML parts, encoded as nodemailer would encode them with `textEncoding: 'base64'`
 * (plain ASCII with short lines as it is, anything else in base64 lines of 76; the bytes are the
 * same, tested), but in one call to Buffer's encoder each: nodemailer's own streams each part
 * through a transform, a pipeline and an abort signal, a line of base64 at a time.
 */
export function encodedParts(text: string, html: string): RawPart[] {
  const part = (contentType: string, content: string): RawPart => {
    const asIs = isPlainText(content) && !hasLongerLines(content, 76);
    return {
      raw: `Content-Type: ${contentType}; charset=utf-8\r\nContent-Transfer-Encoding: ${asIs ? '7bit' : 'base64'}\r\n\r\n${asIs ? content : wrapLines(base64(content), 76)}`,
    };
  };
  return [part('text/plain', text), part('text/html', html)];
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
