/** @jsxRuntime automatic @jsxImportSource react */
import type { LanguageCode } from '@souq/contracts/languages';
import type { ShopSettings } from '@souq/contracts/shop-settings';
import { mailText } from '../mail/mail-text';
import { MailButton, MailHeading, MailLayout, Paragraph } from '../mail/templates/layout';
import { renderMail, type RenderedMail } from '../mail/templates/render';

export interface PasswordReset {
  /** The shop's settings: its name, logo and contact details. */
  shop: ShopSettings;
  /** The language of the page the reset was asked from. */
  locale: LanguageCode;
  /** Where the shopper sets a new password, on the shop's public address. */
  resetUrl: string;
}

/** The link to set a new password, in the shopper's language, as HTML and plain text. */
export function passwordResetMail({ shop, locale, resetUrl }: PasswordReset): RenderedMail {
  const t = mailText(locale);
  const asked = t('passwordReset.asked', { shop: shop.shopName });
  return renderMail(
    t('passwordReset.subject', { shop: shop.shopName }),
    <MailLayout locale={locale} shop={shop} origin={new URL(resetUrl).origin} preview={asked}>
      <MailHeading>{t('passwordReset.button')}</MailHeading>
      <Paragraph>{asked}</Paragraph>
      <Paragraph>{t('passwordReset.setPassword')}</Paragraph>
      <MailButton href={resetUrl}>{t('passwordReset.button')}</MailButton>
      <Paragraph muted>{t('passwordReset.notYou')}</Paragraph>
      <Paragraph>{t('order.signOff', { shop: shop.shopName })}</Paragraph>
    </MailLayout>,
  );
}
