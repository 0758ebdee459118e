/** @jsxRuntime automatic @jsxImportSource react */
import { Img } from '@react-email/img';
import { Section } from '@react-email/section';
import { defaultLanguage } from '@souq/contracts/languages';
import type { Order, OrderLine } from '@souq/contracts/orders';
import type { ShopSettings } from '@souq/contracts/shop-settings';
import type { ReactNode } from 'react';
import { paymentMailNotes } from '../../payments/payment-providers';
import { mailMoney, mailText } from '../mail-text';
import {
  Divider,
  Facts,
  MailButton,
  MailHeading,
  MailLayout,
  MailLink,
  MailSubheading,
  Paragraph,
  TypedLines,
  layoutText,
  linkText,
  mailColours,
  textBlocks,
  typedLinesText,
  useMailDirection,
} from './layout';
import {
  COMPACT_LINE,
  isolate,
  isolateLtr,
  renderMail,
  type RenderedMail,
  type TextBlock,
} from './render';

/** What the order mails know of the shop from its configuration. */
export interface MailShopConfig {
  /** The shop's public address: the order's page, its pictures and logo are linked from it. */
  url: string;
  /** Where a bank transfer goes (BANK_TRANSFER_DETAILS); null when the shop has not said. */
  bankDetails: string | null;
}

/** And from its settings, as of the mail's writing: its name, logo and how to reach it. */
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
  /** Each product's picture (a path on the shop), by product id; a line without one shows none. */
  pictures?: ReadonlyMap<number, string>;
  /** Whether the order belongs to an account: its button opens it in My Orders, not the look-up. */
  ofAccount?: boolean;
}

function lineName(line: OrderLine, locale: Order['locale']) {
  return line.translations[locale]?.name ?? line.name;
}

/** The colour and size bought, e.g. "Colour: Navy, Size: M"; '' for a line without a variant. */
export function lineVariantText(line: OrderLine, locale: Order['locale']): string {
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

/**
 * A mail to the shopper about their order, in the language it was placed in: what happened,
 * what to do next, the items with their pictures and the totals, and a button to the order.
 */
export function renderShopperMail(
  kind: ShopperMailKind,
  order: Order,
  shop: MailShop,
  details: ShopperMailDetails = {},
): RenderedMail {
  return renderMail(
    shopperMailSubject(kind, order, shop.settings),
    <ShopperMail kind={kind} order={order} shop={shop} {...details} />,
    shopperMailText(kind, order, shop, details),
  );
}

/** The subject of the shopper's mail, in the order's language. */
export function shopperMailSubject(
  kind: ShopperMailKind,
  order: Pick<Order, 'locale' | 'number'>,
  settings: ShopSettings,
): string {
  return mailText(order.locale)(`order.subject.${kind}`, {
    n: order.number,
    shop: settings.shopName,
  });
}

type ShopperMailProps = {
  kind: ShopperMailKind;
  order: Order;
  shop: MailShop;
} & ShopperMailDetails;

/** What a shopper's mail says and links to, the same in its HTML and its text. */
function shopperMailParts({
  kind,
  order,
  shop,
  refundAmount = 0,
  retryUrl,
  ofAccount = false,
}: ShopperMailProps) {
  const t = mailText(order.locale);
  const n = isolate(order.number);
  const lookUp = `${shop.url}/orders/lookup?number=${encodeURIComponent(order.number)}`;
  const orderPage = ofAccount ? `${shop.url}/account/orders/${order.id}` : lookUp;
  const paymentNote =
    kind === 'order_placed' || kind === 'order_confirmed'
      ? paymentMailNotes[order.paymentMethod][kind]
      : undefined;
  const shipment = kind === 'order_shipped' ? order.shipment : null;
  return {
    t,
    n,
    lead: t(`order.lead.${kind}`, {
      n,
      amount: isolateLtr(mailMoney(refundAmount, order.currency, order.locale)),
    }),
    paymentNote,
    lookUp,
    orderPage,
    // An account opens its invoice at once; a guest reaches it through the look-up (decision 024).
    invoicePage: ofAccount ? `${orderPage}/invoice` : lookUp,
    shipment,
    retry: kind === 'payment_failed' ? retryUrl : undefined,
  };
}

function ShopperMail(props: ShopperMailProps) {
  const { kind, order, shop, note, stockReleased, pictures, ofAccount = false } = props;
  const locale = order.locale;
  const { t, n, lead, paymentNote, lookUp, orderPage, invoicePage, shipment, retry } =
    shopperMailParts(props);
  return (
    <MailLayout locale={locale} shop={shop.settings} origin={shop.url} preview={lead}>
      <MailHeading>{t(`order.heading.${kind}`)}</MailHeading>
      <p style={{ margin: '-8px 0 24px', fontSize: '14px', color: mailColours.muted }}>
        {t('order.number', { n })}
      </p>
      <Paragraph>{t('order.greeting', { name: isolate(customerName(order)) })}</Paragraph>
      <Paragraph>{lead}</Paragraph>
      {paymentNote === 'bankDetails' && shop.bankDetails ? (
        <>
          <Paragraph>{t('order.bankDetails', { n })}</Paragraph>
          <Paragraph>
            <TypedLines text={shop.bankDetails} />
          </Paragraph>
        </>
      ) : paymentNote ? (
        // Without the shop's account yet, a bank transfer's note says the details will follow.
        <Paragraph>
          {t(`order.${paymentNote === 'bankDetails' ? 'bankDetailsLater' : paymentNote}`, { n })}
        </Paragraph>
      ) : null}
      {shipment && (
        <>
          <Facts
            rows={[
              [t('order.carrier'), isolate(shipment.carrier)],
              [t('order.trackingNumber'), isolateLtr(shipment.trackingNumber)],
            ]}
          />
          {shipment.trackingUrl && (
            <MailButton href={shipment.trackingUrl}>
              {t('order.track', { carrier: shipment.carrier })}
            </MailButton>
          )}
        </>
      )}
      {retry && (
        <>
          <Paragraph>
            {t(stockReleased ? 'order.paymentFailedReleased' : 'order.paymentFailedHeld')}
          </Paragraph>
          <MailButton href={retry}>{t('order.tryAgain')}</MailButton>
        </>
      )}
      {note && <Facts rows={[[t('order.note'), isolate(note)]]} />}
      {!(shipment?.trackingUrl || retry) && (
        <MailButton href={orderPage}>{t('order.viewOrder')}</MailButton>
      )}
      {order.invoiceNumber !== null && (
        <Paragraph>
          {t('order.invoiceWith', { number: isolate(order.invoiceNumber) })}{' '}
          <MailLink href={invoicePage}>{t('order.invoice')}</MailLink>
        </Paragraph>
      )}
      {!ofAccount && (
        <Paragraph muted>
          {t('order.followOrder')} <MailLink href={lookUp}>{lookUp}</MailLink>
        </Paragraph>
      )}
      <Divider />
      <MailSubheading>{t('order.summary')}</MailSubheading>
      <OrderSummary order={order} origin={shop.url} pictures={pictures} />
      <Paragraph muted>
        {`${t('order.paymentMethodLabel')}: ${t(`order.paymentMethod.${order.paymentMethod}`)}`}
      </Paragraph>
      <Divider />
      <Paragraph>{t('order.signOff', { shop: shop.settings.shopName })}</Paragraph>
    </MailLayout>
  );
}

/** The shopper's mail as text, block by block as `ShopperMail` lays out its HTML. */
function shopperMailText(
  kind: ShopperMailKind,
  order: Order,
  shop: MailShop,
  details: ShopperMailDetails,
): string {
  const { note, stockReleased, ofAccount = false } = details;
  const { t, n, lead, paymentNote, lookUp, orderPage, invoicePage, shipment, retry } =
    shopperMailParts({ kind, order, shop, ...details });
  const { heading, subheading, paragraph, button, divider, facts } = textBlocks;
  return layoutText(
    [
      heading(t(`order.heading.${kind}`)),
      paragraph(t('order.number', { n })),
      paragraph(t('order.greeting', { name: isolate(customerName(order)) })),
      paragraph(lead),
      ...(paymentNote === 'bankDetails' && shop.bankDetails
        ? [paragraph(t('order.bankDetails', { n })), paragraph(typedLinesText(shop.bankDetails))]
        : paymentNote
          ? [
              paragraph(
                t(`order.${paymentNote === 'bankDetails' ? 'bankDetailsLater' : paymentNote}`, {
                  n,
                }),
              ),
            ]
          : []),
      shipment &&
        facts([
          [t('order.carrier'), isolate(shipment.carrier)],
          [t('order.trackingNumber'), isolateLtr(shipment.trackingNumber)],
        ]),
      shipment?.trackingUrl &&
        button(t('order.track', { carrier: shipment.carrier }), shipment.trackingUrl),
      retry &&
        paragraph(t(stockReleased ? 'order.paymentFailedReleased' : 'order.paymentFailedHeld')),
      retry && button(t('order.tryAgain'), retry),
      note && facts([[t('order.note'), isolate(note)]]),
      !(shipment?.trackingUrl || retry) && button(t('order.viewOrder'), orderPage),
      order.invoiceNumber !== null &&
        paragraph(
          `${t('order.invoiceWith', { number: isolate(order.invoiceNumber) })} ${linkText(t('order.invoice'), invoicePage)}`,
        ),
      !ofAccount && paragraph(`${t('order.followOrder')} ${linkText(lookUp, lookUp)}`),
      divider(),
      subheading(t('order.summary')),
      ...orderSummaryText(order),
      paragraph(
        `${t('order.paymentMethodLabel')}: ${t(`order.paymentMethod.${order.paymentMethod}`)}`,
      ),
      divider(),
      paragraph(t('order.signOff', { shop: shop.settings.shopName })),
    ],
    { locale: order.locale, shop: shop.settings },
  );
}

function totalsRows(order: Order): [label: string, amount: number | null, total: boolean][] {
  const t = mailText(order.locale);
  const taxRows = (key: 'order.taxAdded' | 'order.taxIncluded') =>
    order.taxLines.map((line): [string, number, boolean] => [
      t(key, { rate: line.rateBp / 100 }),
      line.amount,
      false,
    ]);
  return [
    [t('order.subtotal'), order.subtotal, false],
    ...(order.discount > 0
      ? [[t('order.discount'), -order.discount, false] as [string, number, boolean]]
      : []),
    [t('order.shipping'), order.shipping === 0 ? null : order.shipping, false],
    // VAT as the shop's pages show it (decision 023): a line above the total when it is added,
    // "includes VAT" below it when the prices held it.
    ...(order.pricesIncludeTax ? [] : taxRows('order.taxAdded')),
    [t('order.total'), order.total, true],
    ...(order.pricesIncludeTax ? taxRows('order.taxIncluded') : []),
  ];
}

/** A total's amount as the mail writes it; shipping that costs nothing says so. */
function totalAmountText(order: Order, amount: number | null): string {
  return amount === null
    ? mailText(order.locale)('order.freeShipping')
    : isolateLtr(mailMoney(amount, order.currency, order.locale));
}

const PICTURE_SIZE = 64;

/** The order's items (picture, name, colour and size, quantity, amount) and its totals. */
function OrderSummary({
  order,
  origin,
  pictures,
}: {
  order: Order;
  origin: string;
  pictures: ReadonlyMap<number, string> | undefined;
}) {
  const { start, end } = useMailDirection();
  const locale = order.locale;
  const t = mailText(locale);
  const cell = { padding: '12px 0', borderBottom: `1px solid ${mailColours.line}` };
  return (
    <Section>
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
        <tbody>
          {order.lines.map((line) => {
            const variant = lineVariantText(line, locale);
            const path = pictures?.get(line.productId);
            const picture = path && new URL(path, origin).href;
            return (
              <tr key={line.id}>
                <td width={PICTURE_SIZE + 12} style={{ ...cell, verticalAlign: 'top' }}>
                  {picture ? (
                    <Img
                      src={picture}
                      alt=""
                      width={PICTURE_SIZE}
                      height={PICTURE_SIZE}
                      style={{ borderRadius: '6px', objectFit: 'cover' }}
                    />
                  ) : null}
                </td>
                <td style={{ ...cell, textAlign: start, verticalAlign: 'top' }}>
                  <p
                    className={COMPACT_LINE}
                    style={{ margin: 0, fontSize: '15px', lineHeight: '22px', fontWeight: 700 }}
                  >
                    {isolate(lineName(line, locale))}
                  </p>
                  {variant && (
                    <p
                      className={COMPACT_LINE}
                      style={{
                        margin: 0,
                        fontSize: '14px',
                        lineHeight: '20px',
                        color: mailColours.muted,
                      }}
                    >
                      {variant}
                    </p>
                  )}
                  <p
                    className={COMPACT_LINE}
                    style={{
                      margin: 0,
                      fontSize: '14px',
                      lineHeight: '20px',
                      color: mailColours.muted,
                    }}
                  >
                    {`${t('order.quantity')}: ${line.quantity}`}
                  </p>
                </td>
                <td
                  style={{
                    ...cell,
                    textAlign: end,
                    verticalAlign: 'top',
                    whiteSpace: 'nowrap',
                    paddingInlineStart: '8px',
                  }}
                >
                  <p
                    className={COMPACT_LINE}
                    style={{ margin: 0, fontSize: '15px', lineHeight: '22px' }}
                  >
                    {isolateLtr(mailMoney(line.lineTotal, order.currency, locale))}
                  </p>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <table
        role="presentation"
        width="100%"
        cellPadding={0}
        cellSpacing={0}
        style={{ marginTop: '8px' }}
      >
        <tbody>
          {totalsRows(order).map(([label, amount, total]) => (
            <tr key={label}>
              <td
                style={{
                  padding: total ? '10px 0 4px' : '4px 0',
                  textAlign: start,
                  fontSize: total ? '17px' : '15px',
                  fontWeight: total ? 700 : 400,
                }}
              >
                {`${label}: `}
              </td>
              <td
                style={{
                  padding: total ? '10px 0 4px' : '4px 0',
                  textAlign: end,
                  fontSize: total ? '17px' : '15px',
                  fontWeight: total ? 700 : 400,
                  whiteSpace: 'nowrap',
                }}
              >
                {totalAmountText(order, amount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

/** `OrderSummary` as text: each item's lines, then each total on a line of its own. */
function orderSummaryText(order: Order): TextBlock[] {
  const { locale } = order;
  const t = mailText(locale);
  const { row } = textBlocks;
  return [
    ...order.lines.map((item) => {
      const variant = lineVariantText(item, locale);
      return row([
        isolate(lineName(item, locale)),
        ...(variant ? [variant] : []),
        `${t('order.quantity')}: ${item.quantity}`,
        isolateLtr(mailMoney(item.lineTotal, order.currency, locale)),
      ]);
    }),
    ...totalsRows(order).map(([label, amount]) =>
      row([`${label}: ${totalAmountText(order, amount)}`]),
    ),
  ];
}

/** The alert's subject: the order's number and total, for staff scanning an inbox. */
export function newOrderAlertSubject(order: Pick<Order, 'number' | 'total' | 'currency'>): string {
  return `New order ${order.number}: ${mailMoney(order.total, order.currency, defaultLanguage)}`;
}

/**
 * A staff alert about new orders, in the shop's default language (English): a heading, what is
 * needed to act on the orders (as HTML and as its text part) and a button to the back office.
 */
function renderStaffAlert(
  shop: MailShop,
  alert: {
    subject: string;
    heading: string;
    body: ReactNode;
    text: TextBlock[];
    backOffice: { href: string; words: string };
  },
): RenderedMail {
  const { subject, heading, backOffice } = alert;
  return renderMail(
    subject,
    <MailLayout
      locale={defaultLanguage}
      shop={shop.settings}
      origin={shop.url}
      preview={subject}
      contactFooter={false}
    >
      <MailHeading>{heading}</MailHeading>
      {alert.body}
      <MailButton href={backOffice.href}>{backOffice.words}</MailButton>
    </MailLayout>,
    layoutText(
      [
        textBlocks.heading(heading),
        ...alert.text,
        textBlocks.button(backOffice.words, backOffice.href),
      ],
      { locale: defaultLanguage, shop: shop.settings, contactFooter: false },
    ),
  );
}

/** An order's page in the back office. */
const adminOrderHref = (shop: MailShop, order: Order) => `${shop.url}/admin/orders/${order.id}`;

/** The staff's alert of a new order, with what is needed to act on it. */
export function renderNewOrderAlert(order: Order, shop: MailShop): RenderedMail {
  const facts: [string, string][] = [
    ['Order', order.number],
    ['Customer', customerName(order)],
    ['Email', order.email],
    ['Phone', order.billing.phone],
    ['City', order.billing.city],
    ['Payment', mailText(defaultLanguage)(`order.paymentMethod.${order.paymentMethod}`)],
    ['Items', String(order.lines.reduce((sum, l) => sum + l.quantity, 0))],
    ['Total', mailMoney(order.total, order.currency, defaultLanguage)],
  ];
  return renderStaffAlert(shop, {
    subject: newOrderAlertSubject(order),
    heading: 'A new order has been placed.',
    body: <Facts rows={facts} />,
    text: [textBlocks.facts(facts)],
    backOffice: { href: adminOrderHref(shop, order), words: 'Open it in the back office' },
  });
}

/**
 * Several new orders' alerts to one address, as one mail (a flash sale's orders come faster than
 * anyone reads an alert each): each order's number, customer, city and total, a link to each, and
 * the back office's list.
 */
export function renderNewOrdersDigest(orders: Order[], shop: MailShop): RenderedMail {
  const first = orders[0];
  const last = orders.at(-1);
  if (!first || !last || orders.length < 2) throw new Error('A digest lists two orders or more');
  const summary = (order: Order) =>
    [
      customerName(order),
      order.billing.city,
      mailMoney(order.total, order.currency, defaultLanguage),
    ].join(' · ');
  return renderStaffAlert(shop, {
    subject: `${orders.length} new orders: ${first.number} to ${last.number}`,
    heading: `${orders.length} new orders have been placed.`,
    body: (
      <ul style={{ margin: '0 0 24px', padding: '0 20px', fontSize: '15px', lineHeight: '24px' }}>
        {orders.map((order) => (
          <li key={order.id}>
            <MailLink href={adminOrderHref(shop, order)}>{order.number}</MailLink>
            {`: ${summary(order)}`}
          </li>
        ))}
      </ul>
    ),
    text: orders.map((order) =>
      textBlocks.row([`${order.number}: ${summary(order)}`, adminOrderHref(shop, order)]),
    ),
    backOffice: { href: `${shop.url}/admin/orders`, words: 'Open the orders in the back office' },
  });
}
