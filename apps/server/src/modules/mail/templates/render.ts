import { languageOf, textIn, type LanguageCode } from '@souq/contracts/languages';
import { formatMoney } from '@souq/contracts/money';
import type { ShopSettings } from '@souq/contracts/shop-settings';
import { mailIntlLocale, mailText } from '../mail-text';

/** A mail ready for the outbox: its subject and the same message as HTML and as plain text. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for HTML element content and quoted attributes: names and notes come from shoppers and staff. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** An amount inside HTML: isolated left to right, so Arabic text cannot move its sign. */
export function moneyHtml(minorUnits: number, currency: string, locale: string): string {
  return `<bdi dir="ltr">${escapeHtml(formatMoney(minorUnits, currency, locale))}</bdi>`;
}

/** An amount inside plain text, in Unicode isolates (U+2066 … U+2069) for the same reason. */
export function moneyText(minorUnits: number, currency: string, locale: string): string {
  return `\u2066${formatMoney(minorUnits, currency, locale)}\u2069`;
}

/** The page around a mail's body, in its language and direction. */
export function htmlDocument(locale: LanguageCode, title: string, body: string): string {
  const { dir } = languageOf(locale);
  const align = dir === 'rtl' ? 'right' : 'left';
  return `<!doctype html>
<html lang="${locale}" dir="${dir}">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body dir="${dir}" style="margin:0;padding:24px;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;color:#111;text-align:${align}">
<div style="max-width:600px;margin:0 auto;background:#fff;padding:24px;border-radius:4px">
${body}
</div>
</body>
</html>`;
}

/**
 * Who sent the mail and how to reach the shop, from its settings, as plain lines: the company,
 * its address (the country named in the mail's language), phone, email and opening hours.
 */
function shopContactLines(shop: ShopSettings, locale: LanguageCode): string[] {
  const t = mailText(locale);
  const { address } = shop;
  const country =
    new Intl.DisplayNames([mailIntlLocale(locale)], { type: 'region', fallback: 'code' }).of(
      address.country,
    ) ?? address.country;
  const place = [address.line1, address.line2, address.city, address.region, address.postalCode]
    .filter((part, index, parts) => part !== '' && parts.indexOf(part) === index)
    .join(', ');
  const hours = textIn(shop.openingHours, locale);
  const reach = [
    place && `${place}, ${country}`,
    shop.supportPhone && `${t('shop.phone')}: ${shop.supportPhone}`,
    shop.supportEmail && `${t('shop.email')}: ${shop.supportEmail}`,
    hours && `${t('shop.hours')}: ${hours.replace(/\n/g, ', ')}`,
    shop.vatNumber && `${t('shop.vatNumber')}: ${shop.vatNumber}`,
  ].filter((line) => line !== '');
  // A shop that has set no contact details is named by the signature alone.
  return reach.length === 0 ? [] : [shop.legalName || shop.shopName, ...reach];
}

/** The shop's contact lines closing a mail, small below the signature; empty when it has none. */
export function shopContactFooter(shop: ShopSettings, locale: LanguageCode) {
  const lines = shopContactLines(shop, locale);
  return {
    html:
      lines.length === 0
        ? ''
        : `<p style="margin-top:24px;font-size:12px;color:#666">${lines.map((line) => `<bdi>${escapeHtml(line)}</bdi>`).join('<br>')}</p>`,
    text: lines.length === 0 ? '' : ['--', ...lines].join('\n'),
  };
}
