import type { LanguageCode } from '@souq/contracts/languages';
import type { ShopSettings } from '@souq/contracts/shop-settings';
import { mailIntlLocale, mailText } from '../mail-text';
import { escapeHtml, htmlDocument, shopContactFooter, type RenderedMail } from './render';

export interface ContactReply {
  locale: LanguageCode;
  /** The sender's name as they gave it on the contact form. */
  name: string;
  /** What staff wrote back. */
  reply: string;
  /** The sender's message, quoted below the reply; may be empty. */
  message: string;
  receivedAt: Date;
  /** The shop's settings as of the reply: its name signs it, its contact details close it. */
  shop: ShopSettings;
}

/** Text as HTML paragraphs: escaped, line breaks kept. */
function paragraphs(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('\n');
}

/** Staff's answer to a contact-form message, in the language they chose, as HTML and text. */
export function contactReplyMail(reply: ContactReply): RenderedMail {
  const t = mailText(reply.locale);
  const w = {
    subject: t('contactReply.subject', { shop: reply.shop.shopName }),
    signature: t('contactReply.signature', { shop: reply.shop.shopName }),
    quoted: (date: string) => t('contactReply.quoted', { date }),
  };
  const date = new Intl.DateTimeFormat(mailIntlLocale(reply.locale), {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(reply.receivedAt);
  const greeting = t('contactReply.greeting', { name: reply.name });
  const quote = reply.message.trim();
  const footer = shopContactFooter(reply.shop, reply.locale);
  const text = [
    greeting,
    reply.reply,
    w.signature,
    ...(footer.text ? [footer.text] : []),
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
      footer.html,
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
