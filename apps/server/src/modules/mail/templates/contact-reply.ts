import { escapeHtml, htmlDocument, type RenderedMail } from './render';

export interface ContactReply {
  locale: 'en' | 'ar';
  /** The sender's name as they gave it on the contact form. */
  name: string;
  /** What staff wrote back. */
  reply: string;
  /** The sender's message, quoted below the reply; may be empty. */
  message: string;
  receivedAt: Date;
}

const words = {
  en: {
    subject: 'Re: your message to Souq',
    greeting: (name: string) => `Hello ${name},`,
    quoted: (date: string) => `On ${date} you wrote:`,
    signature: 'The Souq team',
  },
  ar: {
    subject: 'رد على رسالتك إلى سوق',
    greeting: (name: string) => `مرحبًا ${name}،`,
    quoted: (date: string) => `في ${date} كتبت:`,
    signature: 'فريق سوق',
  },
} as const;

/** Text as HTML paragraphs: escaped, line breaks kept. */
function paragraphs(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('\n');
}

/** Staff's answer to a contact-form message, in the language they chose, as HTML and text. */
export function contactReplyMail(reply: ContactReply): RenderedMail {
  const w = words[reply.locale];
  const date = new Intl.DateTimeFormat(reply.locale, {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(reply.receivedAt);
  const greeting = w.greeting(reply.name);
  const quote = reply.message.trim();
  const text = [
    greeting,
    reply.reply,
    w.signature,
    ...(quote
      ? [
          `${w.quoted(date)}\n${quote
            .split(/\r?\n/)
            .map((line) => `> ${line}`)
            .join('\n')}`,
        ]
      : []),
  ].join('\n\n');
  const html = htmlDocument(
    reply.locale,
    w.subject,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      paragraphs(reply.reply),
      `<p>${escapeHtml(w.signature)}</p>`,
      ...(quote
        ? [
            `<p style="color:#555">${escapeHtml(w.quoted(date))}</p>`,
            `<blockquote style="margin:0;padding:0 12px;border-inline-start:3px solid #ddd;color:#555">${paragraphs(quote)}</blockquote>`,
          ]
        : []),
    ].join('\n'),
  );
  return { subject: w.subject, html, text };
}
