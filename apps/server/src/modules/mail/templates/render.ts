import { formatMoney } from '@souq/contracts/money';

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
export function htmlDocument(locale: 'en' | 'ar', title: string, body: string): string {
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const align = locale === 'ar' ? 'right' : 'left';
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
