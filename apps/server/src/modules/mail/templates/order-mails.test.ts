import { describe, expect, it } from 'vitest';
import type { Order } from '@souq/contracts/orders';
import { renderNewOrderAlert, renderShopperMail, type ShopperMailKind } from './order-mails';
import { textReadFromHtml } from './render';
import { blankShopSettings } from '@souq/contracts/shop-settings';
import { orderAsShown } from '../../../test/orders-fixtures';
import { dohaShopSettings } from '../../../test/shop-settings-fixtures';

const shop = { url: 'https://souq.test', bankDetails: null, settings: blankShopSettings };

/** Markup typed in a name must reach the mail as the text typed. */
const order = (overrides: Partial<Order> = {}): Order =>
  orderAsShown({
    billing: { ...orderAsShown().billing, firstName: 'Layla <b>' },
    ...overrides,
  });

const kinds: ShopperMailKind[] = [
  'order_placed',
  'order_confirmed',
  'order_shipped',
  'order_delivered',
  'order_cancelled',
  'order_refunded',
  'payment_failed',
];

describe('the shopper mails', () => {
  it.each(kinds)('%s is English, left to right, in HTML and text', (kind) => {
    const mail = renderShopperMail(kind, order(), shop, { refundAmount: 2499 });
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="en" dir="ltr">/);
    expect(mail.subject).toContain('SQ-7K3M9Q2X');
    expect(mail.text).toContain('SQ-7K3M9Q2X');
    expect(mail.text).toContain('https://souq.test/orders/lookup');
    // Plain text: no markup of the template (the name typed as "Layla <b>" stays as typed).
    expect(mail.text).not.toMatch(/<\/?(p|table|tr|bdi|a|br|html)\b/);
    expect(mail.text).toContain('Layla <b> Haddad');
  });

  it.each(kinds)('%s is Arabic, right to left, with Arabic names and amounts', (kind) => {
    const mail = renderShopperMail(kind, order({ locale: 'ar' }), shop, { refundAmount: 2499 });
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="ar" dir="rtl">/);
    expect(mail.html).toContain('<body dir="rtl"');
    expect(mail.subject).toMatch(/[\u0600-\u06ff]/);
    expect(mail.text).toContain('مرحبًا');
    expect(mail.text).not.toContain('Hello');
  });

  it("names each line's colour and size as bought, in the order's language", () => {
    const dress: Order['lines'][number] = {
      id: 2,
      productId: 4,
      name: 'Linen dress',
      translations: { ar: { name: 'فستان كتان' } },
      variant: {
        id: 17,
        colour: { name: 'Navy', hex: '#1f2a44', translations: { ar: { name: 'كحلي' } } },
        size: 'M',
      },
      unitPrice: 2499,
      quantity: 1,
      lineTotal: 2499,
      taxRate: 0,
      tax: 0,
    };
    const en = renderShopperMail('order_placed', order({ lines: [dress] }), shop);
    expect(en.text).toContain(
      'Linen dress\u2069\nColour: \u2068Navy\u2069, Size: \u2068M\u2069\nQuantity: 1',
    );
    expect(en.html).toContain('>Colour: \u2068Navy\u2069, Size: \u2068M\u2069</p>');
    const ar = renderShopperMail('order_placed', order({ lines: [dress], locale: 'ar' }), shop);
    expect(ar.text).toContain(
      'فستان كتان\u2069\nاللون: \u2068كحلي\u2069، المقاس: \u2068M\u2069\nالكمية: 1',
    );
    expect(ar.html).toContain('اللون: \u2068كحلي\u2069');
  });

  it('summarises the order when it is placed: lines, totals and how to pay', () => {
    const en = renderShopperMail('order_placed', order(), shop);
    expect(en.subject).toBe('Your Souq order SQ-7K3M9Q2X has been placed');
    expect(en.text).toContain('Leather wallet\u2069\nQuantity: 2\n\u2066$49.98\u2069');
    expect(en.text).toContain('Shipping: \u2066$5.00\u2069');
    expect(en.text).toContain('Total: \u2066$54.98\u2069');
    expect(en.text).toContain('Payment method: Cash on delivery');
    // Amounts sit in left-to-right isolates, in the HTML as in the text.
    expect(en.html).toContain('>\u2066$54.98\u2069</td>');

    const ar = renderShopperMail('order_placed', order({ locale: 'ar' }), shop);
    expect(ar.text).toContain('محفظة جلدية');
    expect(ar.text).toContain(
      `الإجمالي: \u2066${new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD' }).format(54.98).replace(/[\u200e\u200f\u061c]/g, '')}\u2069`,
    );
    expect(ar.text).toContain('طريقة الدفع: الدفع عند الاستلام');
  });

  it('states the VAT as the shop priced it: included below the total, or added above it', () => {
    const taxed = { tax: 717, taxLines: [{ rateBp: 1500, amount: 717 }] };
    const included = renderShopperMail('order_placed', order(taxed), shop);
    expect(included.text).toMatch(
      /Total: \u2066\$54\.98\u2069\n+Includes VAT \(15%\): \u2066\$7\.17\u2069/,
    );

    const added = order({ ...taxed, pricesIncludeTax: false, total: 6215, locale: 'ar' });
    const ar = renderShopperMail('order_placed', added, shop);
    expect(ar.text).toContain('ضريبة القيمة المضافة (15٪)');
    expect(ar.text.indexOf('ضريبة القيمة المضافة')).toBeLessThan(ar.text.indexOf('الإجمالي:'));
  });

  it('links to the tax invoice through the order look-up, once the order has one', () => {
    const link = 'https://souq.test/orders/lookup?number=SQ-7K3M9Q2X';
    const en = renderShopperMail('order_placed', order(), shop);
    expect(en.text).toContain(
      `Your tax invoice \u2068INV-000007\u2069 and any credit notes are with your order: Download your invoice ${link}`,
    );
    expect(en.html).toContain(`<a href="${link}"`);
    const ar = renderShopperMail('order_refunded', order({ locale: 'ar' }), shop);
    expect(ar.text).toContain(`فاتورتك الضريبية \u2068INV-000007\u2069 وأي إشعارات دائنة مع طلبك:`);
    const awaiting = renderShopperMail('payment_failed', order({ invoiceNumber: null }), shop);
    expect(awaiting.text).not.toContain('tax invoice');
  });

  it('tells a bank-transfer shopper where to pay when the shop has said, and otherwise that it will', () => {
    const transfer = order({ paymentMethod: 'bank_transfer' });
    const later = renderShopperMail('order_placed', transfer, shop);
    expect(later.text).toContain('We will send you our bank details shortly');
    const details = 'IBAN JO71 CBJO 0000 0000 0000 1234 5678 90';
    const now = renderShopperMail('order_placed', transfer, { ...shop, bankDetails: details });
    expect(now.text).toContain('Please transfer the total to this account');
    expect(now.text).toContain(details);
    expect(now.html).toContain(details);
  });

  it('names the carrier and tracking number when shipped, the amount when refunded, the note when cancelled', () => {
    const shipped = renderShopperMail(
      'order_shipped',
      order({
        shipment: {
          carrier: 'Aramex',
          trackingNumber: 'AX-1/2',
          trackingUrl: 'https://www.aramex.com/track/results?ShipmentNumber=AX-1%2F2',
          shippedAt: '2026-11-23T12:00:00.000Z',
        },
      }),
      shop,
    );
    expect(shipped.text).toContain('Carrier: \u2068Aramex\u2069');
    expect(shipped.text).toContain('Tracking number: \u2066AX-1/2\u2069');
    expect(shipped.text).toContain(
      'Track the parcel on Aramex’s site https://www.aramex.com/track/results?ShipmentNumber=AX-1%2F2',
    );
    expect(shipped.html).toContain(
      'href="https://www.aramex.com/track/results?ShipmentNumber=AX-1%2F2"',
    );
    expect(shipped.html).toContain('>Track the parcel on Aramex’s site</span>');
    const refunded = renderShopperMail('order_refunded', order(), shop, { refundAmount: 2499 });
    expect(refunded.text).toContain('We have refunded \u2066$24.99\u2069');
    const cancelled = renderShopperMail('order_cancelled', order(), shop, { note: 'Sold out' });
    expect(cancelled.text).toContain('Note: \u2068Sold out\u2069');
  });

  it('escapes what shoppers and staff typed', () => {
    const mail = renderShopperMail('order_cancelled', order(), shop, {
      note: '<img src=x onerror=alert(1)>',
    });
    expect(mail.html).toContain('Layla &lt;b> Haddad');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>');
  });
});

describe("the order mails' text part, written by the templates", () => {
  const shipment = {
    carrier: 'Aramex',
    trackingNumber: 'AX-1/2',
    trackingUrl: 'https://www.aramex.com/track?n=AX-1',
    shippedAt: '2026-11-23T12:00:00.000Z',
  };
  const dress: Order['lines'][number] = {
    ...orderAsShown().lines[0]!,
    id: 2,
    productId: 4,
    name: 'Linen dress',
    translations: { ar: { name: 'فستان كتان' } },
    variant: { id: 17, colour: { name: 'Navy', hex: '#1f2a44', translations: {} }, size: 'M' },
  };
  const orders: Partial<Order>[] = [
    {},
    { lines: [...orderAsShown().lines, dress], discount: 300, shipping: 0, invoiceNumber: null },
    { paymentMethod: 'bank_transfer', shipment },
    { tax: 717, taxLines: [{ rateBp: 1500, amount: 717 }], pricesIncludeTax: false },
  ];
  const shops = [
    shop,
    { ...shop, bankDetails: 'IBAN JO71\nCBJO 0000', settings: dohaShopSettings },
  ];

  // Every block a mail program shows in the HTML, in its order, with the same blank lines: the
  // text a reader gets as the HTML read out by html-to-text (the other mails' text part).
  it.each(['en', 'ar'] as const)('says what the HTML says, in %s', (locale) => {
    for (const kind of kinds)
      for (const [i, overrides] of orders.entries()) {
        const placed = order({ ...overrides, locale });
        const mailShop = shops[i % 2]!;
        const details =
          i % 2 ? { ofAccount: true, note: 'Sold out' } : { retryUrl: 'https://pay.test/r' };
        const mail = renderShopperMail(kind, placed, mailShop, { refundAmount: 2499, ...details });
        expect(mail.text, `${kind} ${JSON.stringify(overrides)}`).toBe(textReadFromHtml(mail.html));
        const alert = renderNewOrderAlert(placed, mailShop);
        expect(alert.text).toBe(textReadFromHtml(alert.html));
      }
  });
});

describe('the new-order alert', () => {
  it('is English whatever the order language, with what staff need and a link', () => {
    const alert = renderNewOrderAlert(order({ locale: 'ar' }), shop);
    expect(alert.subject).toBe('New order SQ-7K3M9Q2X: $54.98');
    expect(alert.html).toContain('<html lang="en" dir="ltr">');
    expect(alert.text).toContain('Customer: Layla <b> Haddad');
    expect(alert.html).toContain('Layla &lt;b> Haddad');
    expect(alert.text).toContain('Phone: +962 79 555 0142');
    expect(alert.text).toContain('https://souq.test/admin/orders/7');
  });
});

describe("the shop in its mails, from the shop's settings", () => {
  const settings = dohaShopSettings;
  const named = { ...shop, settings };

  it('names the shop in the subject and sign-off and closes with how to reach it, in English', () => {
    const mail = renderShopperMail('order_placed', order(), named);
    expect(mail.subject).toBe('Your Dar Al Qamar order SQ-7K3M9Q2X has been placed');
    expect(mail.text).toContain('The Dar Al Qamar team');
    expect(mail.text).toContain('Dar Al Qamar Trading W.L.L.');
    expect(mail.text).toContain('Building 22, Street 9, Al Sadd, Doha, Qatar');
    expect(mail.text).toContain('Phone: \u2066+974 4412 3456\u2069');
    expect(mail.text).toContain('Email: \u2068hello@daralqamar.example\u2069');
    expect(mail.text).toContain('Hours: Sunday to Thursday, 9:00 to 18:00');
    expect(mail.html).toContain('>Phone: \u2066+974 4412 3456\u2069</p>');
    expect(mail.text).not.toContain('Souq');
  });

  it('does the same in Arabic, the address as the owner wrote it in Arabic', () => {
    const mail = renderShopperMail('order_shipped', order({ locale: 'ar' }), named);
    expect(mail.subject).toBe('طلبك SQ-7K3M9Q2X من Dar Al Qamar في الطريق إليك');
    expect(mail.text).toContain('فريق Dar Al Qamar');
    expect(mail.text).toContain('مبنى 22، شارع 9، السد، الدوحة، قطر');
    expect(mail.text).not.toContain('Building 22');
    expect(mail.text).toContain('الهاتف: \u2066+974 4412 3456\u2069');
    expect(mail.text).toContain('ساعات العمل: من الأحد إلى الخميس');
  });

  it('writes the address from its fields in a language the owner wrote none for', () => {
    const unwritten = { ...shop, settings: { ...settings, writtenAddress: {} } };
    const mail = renderShopperMail('order_shipped', order({ locale: 'ar' }), unwritten);
    expect(mail.text).toContain('Building 22, Street 9، Al Sadd، Doha، قطر');
  });

  it('closes with no contact block for a shop that has set no contact details', () => {
    const mail = renderShopperMail('order_placed', order(), shop);
    expect(mail.text.trimEnd().endsWith('The Souq team')).toBe(true);
  });
});
