/** @jsxRuntime automatic @jsxImportSource react */
import type { LanguageCode } from '@souq/contracts/languages';
import type { ShopSettings } from '@souq/contracts/shop-settings';
import { mailIntlLocale, mailText } from '../mail-text';
import { MailLayout, Paragraph, TypedLines, mailColours, useMailDirection } from './layout';
import { renderMail, type RenderedMail } from './render';

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
  /** The shop's public address, which its logo is served from. */
  origin: string;
}

/** Text someone typed, as paragraphs with their line breaks kept. */
function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text.split(/\r?\n\s*\r?\n/).map((paragraph, index) => (
        <Paragraph key={index}>
          <TypedLines text={paragraph} />
        </Paragraph>
      ))}
    </>
  );
}

/** The sender's own message below the reply, set off by a line on its starting side. */
function Quote({ text }: { text: string }) {
  const { start } = useMailDirection();
  return (
    <blockquote
      style={{
        margin: 0,
        padding: '0 12px',
        [start === 'left' ? 'borderLeft' : 'borderRight']: `3px solid ${mailColours.line}`,
        color: mailColours.muted,
      }}
    >
      <Paragraphs text={text} />
    </blockquote>
  );
}

/** Staff's answer to a contact-form message, in the language they chose, as HTML and text. */
export function contactReplyMail(reply: ContactReply): RenderedMail {
  const t = mailText(reply.locale);
  const date = new Intl.DateTimeFormat(mailIntlLocale(reply.locale), {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(reply.receivedAt);
  const quote = reply.message.trim();
  return renderMail(
    t('contactReply.subject', { shop: reply.shop.shopName }),
    <MailLayout
      locale={reply.locale}
      shop={reply.shop}
      origin={reply.origin}
      preview={reply.reply.slice(0, 120)}
    >
      <Paragraph>{t('contactReply.greeting', { name: reply.name })}</Paragraph>
      <Paragraphs text={reply.reply} />
      <Paragraph>{t('contactReply.signature', { shop: reply.shop.shopName })}</Paragraph>
      {quote && (
        <>
          <Paragraph muted>{t('contactReply.quoted', { date })}</Paragraph>
          <Quote text={quote} />
        </>
      )}
    </MailLayout>,
  );
}
