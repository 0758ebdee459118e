import type { LanguageCode } from '@souq/contracts/languages';
import { mailText } from '../mail/mail-text';
import { escapeHtml, htmlDocument, type RenderedMail } from '../mail/templates/render';

export interface PasswordReset {
  /** The shop's name from its settings. */
  shopName: string;
  /** The language of the page the reset was asked from. */
  locale: LanguageCode;
  /** Where the shopper sets a new password. */
  resetUrl: string;
}

/** The link to set a new password, in the shopper's language, as HTML and plain text. */
export function passwordResetMail({ shopName, locale, resetUrl }: PasswordReset): RenderedMail {
  const t = mailText(locale);
  const w = {
    subject: t('passwordReset.subject', { shop: shopName }),
    asked: t('passwordReset.asked', { shop: shopName }),
    setPassword: t('passwordReset.setPassword'),
    button: t('passwordReset.button'),
    notYou: t('passwordReset.notYou'),
    signOff: t('order.signOff', { shop: shopName }),
  };
  const text = [w.asked, `${w.setPassword}\n${resetUrl}`, w.notYou, w.signOff].join('\n\n');
  const html = htmlDocument(
    locale,
    w.subject,
    [
      `<p>${escapeHtml(w.asked)}</p>`,
      `<p>${escapeHtml(w.setPassword)}<br><a href="${escapeHtml(resetUrl)}" style="color:#db4444">${escapeHtml(w.button)}</a></p>`,
      `<p>${escapeHtml(w.notYou)}</p>`,
      `<p>${escapeHtml(w.signOff)}</p>`,
    ].join('\n'),
  );
  return { subject: w.subject, text, html };
}
