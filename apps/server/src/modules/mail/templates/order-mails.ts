import { formatMoney } from '@souq/contracts/money';
import type { Order } from '@souq/contracts/orders';
import { orderMailText } from './order-mail-text';
import { escapeHtml, htmlDocument, moneyHtml, moneyText, type RenderedMail } from './render';

/** What the mails need to know of the shop. */
export interface MailShop {
  /** The shop's address, for the order look-up link. */
  url: string;
  /** Where a bank transfer goes (BANK_TRANSFER_DETAILS); null when the shop has not said. */
  bankDetails: string | null;
}

export type ShopperMailKind =
  | 'order_placed'
  | 'order_confirmed'
  | 'order_shipped'
  | 'order_delivered'
  | 'order_cancelled'
  | 'order_refunded';

export interface ShopperMailDetails {
  /** order_refunded: this refund's amount. */
  refundAmount?: number;
  /** order_cancelled, order_refunded: the note staff left for the shopper. */
  note?: string | null;
}

/** Blocks of a mail's body, written once for both the HTML and the text part. */
type Block =
  | { kind: 'paragraph'; html: string; text: string }
  | { kind: 'facts'; rows: [label: string, html: string, text: string][] }
  | { kind: 'summary' };

function lineName(line: Order['lines'][number], locale: Order['locale']) {
  return (locale === 'ar' ? line.translations.ar?.name : undefined) ?? line.name;
}

/** The colour and size bought, e.g. "Colour: Navy, Size: M"; '' for a line without a variant. */
export function lineVariantText(line: Order['lines'][number], locale: Order['locale']): string {
  const w = orderMailText[locale];
  const colour = line.variant?.colour;
  const parts = [
    colour
      ? `${w.colour}: ${isolate((locale === 'ar' ? colour.translations.ar?.name : undefined) ?? colour.name)}`
      : null,
    line.variant?.size ? `${w.size}: ${isolate(line.variant.size)}` : null,
  ].filter((part) => part !== null);
  return parts.join(locale === 'ar' ? '، ' : ', ');
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
  const w = orderMailText[locale];
  const n = order.number;
  const nHtml = `<bdi>${escapeHtml(n)}</bdi>`;
  const money = (amount: number) => ({
    html: moneyHtml(amount, order.currency, locale),
    text: moneyText(amount, order.currency, locale),
  });

  const lead =
    kind === 'order_refunded'
      ? {
          html: w.lead.order_refunded(nHtml, money(details.refundAmount ?? 0).html),
          text: w.lead.order_refunded(isolate(n), money(details.refundAmount ?? 0).text),
        }
      : { html: w.lead[kind](nHtml), text: w.lead[kind](isolate(n)) };

  const blocks: Block[] = [{ kind: 'paragraph', ...lead }];
  if (kind === 'order_placed') {
    blocks.push({ kind: 'summary' });
    if (order.paymentMethod === 'bank_transfer') {
      if (shop.bankDetails) {
        blocks.push({
          kind: 'paragraph',
          html: w.bankDetails(nHtml),
          text: w.bankDetails(isolate(n)),
        });
        blocks.push({
          kind: 'paragraph',
          html: `<bdi style="white-space:pre-line">${escapeHtml(shop.bankDetails)}</bdi>`,
          text: shop.bankDetails,
        });
      } else {
        blocks.push({
          kind: 'paragraph',
          html: w.bankDetailsLater(nHtml),
          text: w.bankDetailsLater(isolate(n)),
        });
      }
    } else {
      blocks.push({ kind: 'paragraph', html: w.cashOnDelivery, text: w.cashOnDelivery });
    }
  }
  if (kind === 'order_confirmed' && order.paymentMethod === 'bank_transfer') {
    blocks.push({ kind: 'paragraph', html: w.paymentReceived, text: w.paymentReceived });
  }
  if (kind === 'order_shipped' && order.shipment) {
    const { carrier, trackingNumber } = order.shipment;
    blocks.push({
      kind: 'facts',
      rows: [
        [w.carrier, `<bdi>${escapeHtml(carrier)}</bdi>`, isolate(carrier)],
        [
          w.trackingNumber,
          `<bdi dir="ltr">${escapeHtml(trackingNumber)}</bdi>`,
          isolate(trackingNumber),
        ],
      ],
    });
  }
  if (details.note) {
    blocks.push({
      kind: 'facts',
      rows: [[w.note, `<bdi>${escapeHtml(details.note)}</bdi>`, isolate(details.note)]],
    });
  }
  const lookUp = `${shop.url}/orders/lookup`;
  blocks.push({
    kind: 'paragraph',
    html: `${w.followOrder} <a href="${escapeHtml(lookUp)}">${escapeHtml(lookUp)}</a>`,
    text: `${w.followOrder} ${lookUp}`,
  });

  const subject = w.subject[kind](n);
  const greeting = w.greeting(customerName(order));
  const greetingHtml = w.greeting(`<bdi>${escapeHtml(customerName(order))}</bdi>`);

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
  html.push(`<p>${escapeHtml(w.signOff)}</p>`);
  text.push(w.signOff);
  return { subject, html: htmlDocument(locale, subject, html.join('\n')), text: text.join('\n') };
}

function totalsRows(order: Order): [label: string, amount: number | null][] {
  const w = orderMailText[order.locale];
  return [
    [w.subtotal, order.subtotal],
    ...(order.discount > 0 ? [[w.discount, -order.discount] as [string, number]] : []),
    [w.shipping, order.shipping === 0 ? null : order.shipping],
    [w.total, order.total],
  ];
}

function summaryHtml(order: Order): string {
  const locale = order.locale;
  const w = orderMailText[locale];
  const end = locale === 'ar' ? 'left' : 'right';
  const start = locale === 'ar' ? 'right' : 'left';
  const cell = (align: string) =>
    `style="padding:6px 8px;border-bottom:1px solid #ddd;text-align:${align}"`;
  const lines = order.lines
    .map(
      (line) =>
        `<tr><td ${cell(start)}><bdi>${escapeHtml(lineName(line, locale))}</bdi>${lineVariantText(line, locale) ? `<br><small>${escapeHtml(lineVariantText(line, locale))}</small>` : ''}</td><td ${cell(end)}>${line.quantity}</td><td ${cell(end)}>${moneyHtml(line.lineTotal, order.currency, locale)}</td></tr>`,
    )
    .join('\n');
  const totals = totalsRows(order)
    .map(
      ([label, amount]) =>
        `<tr><td colspan="2" ${cell(start)}>${escapeHtml(label)}</td><td ${cell(end)}>${amount === null ? escapeHtml(w.freeShipping) : moneyHtml(amount, order.currency, locale)}</td></tr>`,
    )
    .join('\n');
  return `<table role="presentation" style="width:100%;border-collapse:collapse">
<thead><tr><th ${cell(start)}>${escapeHtml(w.product)}</th><th ${cell(end)}>${escapeHtml(w.quantity)}</th><th ${cell(end)}>${escapeHtml(w.lineTotal)}</th></tr></thead>
<tbody>
${lines}
${totals}
</tbody>
</table>
<p>${escapeHtml(w.paymentMethodLabel)}: ${escapeHtml(w.paymentMethod[order.paymentMethod])}</p>`;
}

function summaryText(order: Order): string[] {
  const locale = order.locale;
  const w = orderMailText[locale];
  return [
    ...order.lines.map(
      (line) =>
        `${isolate(lineName(line, locale))}${lineVariantText(line, locale) ? ` (${lineVariantText(line, locale)})` : ''} × ${line.quantity}: ${moneyText(line.lineTotal, order.currency, locale)}`,
    ),
    '',
    ...totalsRows(order).map(
      ([label, amount]) =>
        `${label}: ${amount === null ? w.freeShipping : moneyText(amount, order.currency, locale)}`,
    ),
    `${w.paymentMethodLabel}: ${w.paymentMethod[order.paymentMethod]}`,
  ];
}

/** The staff's alert of a new order: always English, with what is needed to act on it. */
export function renderNewOrderAlert(order: Order, shop: MailShop): RenderedMail {
  const total = formatMoney(order.total, order.currency, 'en');
  const subject = `New order ${order.number}: ${total}`;
  const link = `${shop.url}/admin/orders/${order.id}`;
  const facts: [string, string][] = [
    ['Order', order.number],
    ['Customer', customerName(order)],
    ['Email', order.email],
    ['Phone', order.billing.phone],
    ['City', order.billing.city],
    ['Payment', orderMailText.en.paymentMethod[order.paymentMethod]],
    ['Items', String(order.lines.reduce((sum, l) => sum + l.quantity, 0))],
    ['Total', total],
  ];
  const html = htmlDocument(
    'en',
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
