import { defaultLanguage, languageOf } from '@souq/contracts/languages';
import { formatMoney } from '@souq/contracts/money';
import type { Order } from '@souq/contracts/orders';
import type { ShopSettings } from '@souq/contracts/shop-settings';
import { paymentMailNotes } from '../../payments/payment-providers';
import { mailIntlLocale, mailText } from '../mail-text';
import {
  escapeHtml,
  htmlDocument,
  moneyHtml,
  moneyText,
  shopContactFooter,
  type RenderedMail,
} from './render';

/** What the order mails know of the shop from its configuration. */
export interface MailShopConfig {
  /** The shop's address, for the order look-up link. */
  url: string;
  /** Where a bank transfer goes (BANK_TRANSFER_DETAILS); null when the shop has not said. */
  bankDetails: string | null;
}

/** And from its settings, as of the mail's writing: its name and how to reach it. */
export interface MailShop extends MailShopConfig {
  settings: ShopSettings;
}

export type ShopperMailKind =
  | 'order_placed'
  | 'order_confirmed'
  | 'order_shipped'
  | 'order_delivered'
  | 'order_cancelled'
  | 'order_refunded'
  | 'payment_failed';

export interface ShopperMailDetails {
  /** order_refunded: this refund's amount. */
  refundAmount?: number;
  /** order_cancelled, order_refunded: the note staff left for the shopper. */
  note?: string | null;
  /** payment_failed: the attempt's return page, where the shopper can try again. */
  retryUrl?: string;
  /** payment_failed: whether the hold ran out and the stock went back on sale. */
  stockReleased?: boolean;
}

/** Blocks of a mail's body, written once for both the HTML and the text part. */
type Block =
  | { kind: 'paragraph'; html: string; text: string }
  | { kind: 'facts'; rows: [label: string, html: string, text: string][] }
  | { kind: 'summary' };

function lineName(line: Order['lines'][number], locale: Order['locale']) {
  return line.translations[locale]?.name ?? line.name;
}

/** The colour and size bought, e.g. "Colour: Navy, Size: M"; '' for a line without a variant. */
export function lineVariantText(line: Order['lines'][number], locale: Order['locale']): string {
  const t = mailText(locale);
  const colour = line.variant?.colour;
  const parts = [
    colour
      ? `${t('order.colour')}: ${isolate(colour.translations[locale]?.name ?? colour.name)}`
      : null,
    line.variant?.size ? `${t('order.size')}: ${isolate(line.variant.size)}` : null,
  ].filter((part) => part !== null);
  return parts.join(t('listSeparator'));
}

function customerName(order: Order) {
  return [order.billing.firstName, order.billing.lastName].filter(Boolean).join(' ');
}

const isolate = (text: string) => `\u2068${text}\u2069`;

/**
 * A mail to the shopper about their order, in the language it was placed in: HTML (with
 * `lang` and `dir`) and a plain-text part saying the same.
 */
export function renderShopperMail(
  kind: ShopperMailKind,
  order: Order,
  shop: MailShop,
  details: ShopperMailDetails = {},
): RenderedMail {
  const locale = order.locale;
  const t = mailText(locale);
  const n = order.number;
  const nHtml = `<bdi>${escapeHtml(n)}</bdi>`;
  const intlLocale = mailIntlLocale(locale);
  const refund = details.refundAmount ?? 0;
  const lead = {
    html: t(`order.lead.${kind}`, {
      n: nHtml,
      amount: moneyHtml(refund, order.currency, intlLocale),
    }),
    text: t(`order.lead.${kind}`, {
      n: isolate(n),
      amount: moneyText(refund, order.currency, intlLocale),
    }),
  };

  const blocks: Block[] = [{ kind: 'paragraph', ...lead }];
  if (kind === 'order_placed') blocks.push({ kind: 'summary' });
  const paymentNote =
    kind === 'order_placed' || kind === 'order_confirmed'
      ? paymentMailNotes[order.paymentMethod][kind]
      : undefined;
  if (paymentNote === 'bankDetails' && shop.bankDetails) {
    blocks.push({
      kind: 'paragraph',
      html: t('order.bankDetails', { n: nHtml }),
      text: t('order.bankDetails', { n: isolate(n) }),
    });
    blocks.push({
      kind: 'paragraph',
      html: `<bdi style="white-space:pre-line">${escapeHtml(shop.bankDetails)}</bdi>`,
      text: shop.bankDetails,
    });
  } else if (paymentNote) {
    // Without the shop's account yet, a bank transfer's note says the details will follow.
    const key = paymentNote === 'bankDetails' ? 'bankDetailsLater' : paymentNote;
    blocks.push({
      kind: 'paragraph',
      html: t(`order.${key}`, { n: nHtml }),
      text: t(`order.${key}`, { n: isolate(n) }),
    });
  }
  if (kind === 'order_shipped' && order.shipment) {
    const { carrier, trackingNumber, trackingUrl } = order.shipment;
    blocks.push({
      kind: 'facts',
      rows: [
        [t('order.carrier'), `<bdi>${escapeHtml(carrier)}</bdi>`, isolate(carrier)],
        [
          t('order.trackingNumber'),
          `<bdi dir="ltr">${escapeHtml(trackingNumber)}</bdi>`,
          isolate(trackingNumber),
        ],
      ],
    });
    if (trackingUrl) {
      const track = t('order.track', { carrier });
      blocks.push({
        kind: 'paragraph',
        html: `<a href="${escapeHtml(trackingUrl)}">${escapeHtml(track)}</a>`,
        text: `${track}: ${trackingUrl}`,
      });
    }
  }
  if (kind === 'payment_failed' && details.retryUrl) {
    const next = t(
      details.stockReleased ? 'order.paymentFailedReleased' : 'order.paymentFailedHeld',
    );
    blocks.push({
      kind: 'paragraph',
      html: `${escapeHtml(next)} <a href="${escapeHtml(details.retryUrl)}">${escapeHtml(details.retryUrl)}</a>`,
      text: `${next} ${details.retryUrl}`,
    });
  }
  if (details.note) {
    blocks.push({
      kind: 'facts',
      rows: [[t('order.note'), `<bdi>${escapeHtml(details.note)}</bdi>`, isolate(details.note)]],
    });
  }
  const lookUp = `${shop.url}/orders/lookup`;
  if (order.invoiceNumber !== null) {
    // The look-up (signed in or not) leads to the invoice and its credit notes (decision 024).
    const invoiceLink = `${lookUp}?number=${encodeURIComponent(order.number)}`;
    const invoiceText = t('order.invoice', { number: order.invoiceNumber });
    blocks.push({
      kind: 'paragraph',
      html: `${escapeHtml(invoiceText)} <a href="${escapeHtml(invoiceLink)}">${escapeHtml(invoiceLink)}</a>`,
      text: `${invoiceText} ${invoiceLink}`,
    });
  }
  blocks.push({
    kind: 'paragraph',
    html: `${t('order.followOrder')} <a href="${escapeHtml(lookUp)}">${escapeHtml(lookUp)}</a>`,
    text: `${t('order.followOrder')} ${lookUp}`,
  });

  const shopName = shop.settings.shopName;
  const subject = t(`order.subject.${kind}`, { n, shop: shopName });
  const greeting = t('order.greeting', { name: customerName(order) });
  const greetingHtml = t('order.greeting', {
    name: `<bdi>${escapeHtml(customerName(order))}</bdi>`,
  });

  const html = [`<p>${greetingHtml}</p>`];
  const text = [greeting, ''];
  for (const block of blocks) {
    if (block.kind === 'paragraph') {
      html.push(`<p>${block.html}</p>`);
      text.push(block.text, '');
    } else if (block.kind === 'facts') {
      html.push(
        `<p>${block.rows.map(([label, value]) => `${escapeHtml(label)}: ${value}`).join('<br>')}</p>`,
      );
      text.push(...block.rows.map(([label, , value]) => `${label}: ${value}`), '');
    } else {
      html.push(summaryHtml(order));
      text.push(...summaryText(order), '');
    }
  }
  const signOff = t('order.signOff', { shop: shopName });
  html.push(`<p>${escapeHtml(signOff)}</p>`);
  text.push(signOff);
  const footer = shopContactFooter(shop.settings, locale);
  if (footer.text) {
    html.push(footer.html);
    text.push('', footer.text);
  }
  return { subject, html: htmlDocument(locale, subject, html.join('\n')), text: text.join('\n') };
}

function totalsRows(order: Order): [label: string, amount: number | null][] {
  const t = mailText(order.locale);
  return [
    [t('order.subtotal'), order.subtotal],
    ...(order.discount > 0 ? [[t('order.discount'), -order.discount] as [string, number]] : []),
    [t('order.shipping'), order.shipping === 0 ? null : order.shipping],
    [t('order.total'), order.total],
  ];
}

function summaryHtml(order: Order): string {
  const locale = order.locale;
  const t = mailText(locale);
  const intlLocale = mailIntlLocale(locale);
  const rtl = languageOf(locale).dir === 'rtl';
  const end = rtl ? 'left' : 'right';
  const start = rtl ? 'right' : 'left';
  const cell = (align: string) =>
    `style="padding:6px 8px;border-bottom:1px solid #ddd;text-align:${align}"`;
  const lines = order.lines
    .map(
      (line) =>
        `<tr><td ${cell(start)}><bdi>${escapeHtml(lineName(line, locale))}</bdi>${lineVariantText(line, locale) ? `<br><small>${escapeHtml(lineVariantText(line, locale))}</small>` : ''}</td><td ${cell(end)}>${line.quantity}</td><td ${cell(end)}>${moneyHtml(line.lineTotal, order.currency, intlLocale)}</td></tr>`,
    )
    .join('\n');
  const totals = totalsRows(order)
    .map(
      ([label, amount]) =>
        `<tr><td colspan="2" ${cell(start)}>${escapeHtml(label)}</td><td ${cell(end)}>${amount === null ? escapeHtml(t('order.freeShipping')) : moneyHtml(amount, order.currency, intlLocale)}</td></tr>`,
    )
    .join('\n');
  return `<table role="presentation" style="width:100%;border-collapse:collapse">
<thead><tr><th ${cell(start)}>${escapeHtml(t('order.product'))}</th><th ${cell(end)}>${escapeHtml(t('order.quantity'))}</th><th ${cell(end)}>${escapeHtml(t('order.lineTotal'))}</th></tr></thead>
<tbody>
${lines}
${totals}
</tbody>
</table>
<p>${escapeHtml(t('order.paymentMethodLabel'))}: ${escapeHtml(t(`order.paymentMethod.${order.paymentMethod}`))}</p>`;
}

function summaryText(order: Order): string[] {
  const locale = order.locale;
  const t = mailText(locale);
  const intlLocale = mailIntlLocale(locale);
  return [
    ...order.lines.map(
      (line) =>
        `${isolate(lineName(line, locale))}${lineVariantText(line, locale) ? ` (${lineVariantText(line, locale)})` : ''} × ${line.quantity}: ${moneyText(line.lineTotal, order.currency, intlLocale)}`,
    ),
    '',
    ...totalsRows(order).map(
      ([label, amount]) =>
        `${label}: ${amount === null ? t('order.freeShipping') : moneyText(amount, order.currency, intlLocale)}`,
    ),
    `${t('order.paymentMethodLabel')}: ${t(`order.paymentMethod.${order.paymentMethod}`)}`,
  ];
}

/** The staff's alert of a new order: always in the shop's default language (English), with what is needed to act on it. */
export function renderNewOrderAlert(order: Order, shop: MailShopConfig): RenderedMail {
  const total = formatMoney(order.total, order.currency, mailIntlLocale(defaultLanguage));
  const subject = `New order ${order.number}: ${total}`;
  const link = `${shop.url}/admin/orders/${order.id}`;
  const facts: [string, string][] = [
    ['Order', order.number],
    ['Customer', customerName(order)],
    ['Email', order.email],
    ['Phone', order.billing.phone],
    ['City', order.billing.city],
    ['Payment', mailText(defaultLanguage)(`order.paymentMethod.${order.paymentMethod}`)],
    ['Items', String(order.lines.reduce((sum, l) => sum + l.quantity, 0))],
    ['Total', total],
  ];
  const html = htmlDocument(
    defaultLanguage,
    subject,
    `<p>A new order has been placed.</p>
<p>${facts.map(([label, value]) => `${label}: <bdi>${escapeHtml(value)}</bdi>`).join('<br>')}</p>
<p><a href="${escapeHtml(link)}">Open it in the back office</a></p>`,
  );
  const text = [
    'A new order has been placed.',
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    `Open it in the back office: ${link}`,
  ].join('\n');
  return { subject, html, text };
}
