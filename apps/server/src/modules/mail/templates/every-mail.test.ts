import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import type { LanguageCode } from '@souq/contracts/languages';
import type { Order } from '@souq/contracts/orders';
import { passwordResetMail } from '../../auth/password-reset-mail';
import { staffInvitationMail } from '../../staff/staff-invitation-mail';
import { orderAsShown } from '../../../test/orders-fixtures';
import { dohaShopSettings } from '../../../test/shop-settings-fixtures';
import { backInStockMail } from './back-in-stock';
import { contactReplyMail } from './contact-reply';
import { renderLowStockDigest } from './low-stock-digest';
import { renderRefundDeclinedAlert } from './refund-declined-alert';
import {
  renderNewOrderAlert,
  renderNewOrdersDigest,
  renderShopperMail,
  type ShopperMailKind,
} from './order-mails';
import type { RenderedMail } from './render';

/** Markup typed where people type names: it must reach every mail as text. */
const MARKUP = '<img src=x onerror=alert(1)>';
const origin = 'https://souq.test';
const settings = { ...dohaShopSettings, shopName: `Dar ${MARKUP}` };
const shop = { url: origin, bankDetails: null, settings };

/** An order with everything a mail can show: VAT, a discount, a shipment, a colour and size. */
function order(locale: LanguageCode): Order {
  const base = orderAsShown();
  return orderAsShown({
    status: 'shipped',
    billing: { ...base.billing, firstName: `Layla ${MARKUP}` },
    paymentMethod: 'card',
    lines: [
      {
        ...base.lines[0]!,
        name: `Leather wallet with a long name that wraps ${MARKUP}`,
        translations: { ar: { name: `محفظة جلدية باسم طويل ${MARKUP}` } },
        variant: {
          id: 9,
          colour: { name: 'Navy', hex: '#1f2a44', translations: { ar: { name: 'كحلي' } } },
          size: 'XL',
        },
        taxRate: 1500,
        tax: 652,
      },
      {
        id: 2,
        productId: 4,
        name: 'Linen dress',
        translations: { ar: { name: 'فستان كتان' } },
        variant: null,
        unitPrice: 1250099,
        quantity: 1,
        lineTotal: 1250099,
        taxRate: 0,
        tax: 0,
      },
    ],
    subtotal: 1255097,
    discount: 1000,
    tax: 163_700,
    shippingTax: 65,
    taxLines: [{ rateBp: 1500, amount: 163_700 }],
    total: 1254597,
    locale,
    shipment: {
      carrier: 'Aramex',
      trackingNumber: 'AX-1/2',
      trackingUrl: 'https://www.aramex.com/track/results?ShipmentNumber=AX-1%2F2',
      shippedAt: '2026-11-23T12:00:00.000Z',
    },
  });
}

const shopperKinds: ShopperMailKind[] = [
  'order_placed',
  'order_confirmed',
  'order_shipped',
  'order_delivered',
  'order_cancelled',
  'order_refunded',
  'payment_failed',
];

/** Every kind of mail the shop sends, in one language, with markup in every name people type. */
function everyMail(locale: LanguageCode): [name: string, mail: RenderedMail][] {
  return [
    ...shopperKinds.map((kind): [string, RenderedMail] => [
      kind,
      renderShopperMail(kind, order(locale), shop, {
        refundAmount: 2499,
        note: `Sold out ${MARKUP}`,
        retryUrl: `${origin}/checkout/payment/12`,
        pictures: new Map([[3, '/images/products/canvas-roll-top-backpack.svg']]),
      }),
    ]),
    ['new_order_alert', renderNewOrderAlert(order(locale), shop)],
    [
      'new_orders_digest',
      renderNewOrdersDigest(
        [order(locale), { ...order(locale), id: 8, number: 'SQ-8P4N2W7R' }],
        shop,
      ),
    ],
    [
      'back_in_stock',
      backInStockMail({
        locale,
        productName: `Leather wallet ${MARKUP}`,
        productUrl: `${origin}/products/leather-wallet`,
        unsubscribeUrl: `${origin}/stock-alerts/unsubscribe/token`,
        shop: settings,
      }),
    ],
    [
      'contact_reply',
      contactReplyMail({
        locale,
        name: `Layla ${MARKUP}`,
        reply: `Yes, we deliver on Fridays.\nThank you ${MARKUP}`,
        message: `Do you deliver on Fridays? ${MARKUP}`,
        receivedAt: new Date('2026-11-20T09:00:00Z'),
        shop: settings,
        origin,
      }),
    ],
    [
      'password_reset',
      passwordResetMail({
        shop: settings,
        locale,
        resetUrl: `${origin}/reset-password?token=${'a'.repeat(64)}`,
      }),
    ],
    [
      'staff_invitation',
      staffInvitationMail({
        role: 'manager',
        shop: settings,
        inviterName: `Omar ${MARKUP}`,
        locale,
        adminUrl: `${origin}/admin`,
        setPasswordUrl: `${origin}/reset-password?token=abc&lang=${locale}`,
      }),
    ],
    [
      'low_stock_digest',
      renderLowStockDigest(
        '2026-11-24',
        {
          // More low than listed: the mail counts the rest and links to the back office.
          total: 3,
          items: [
            {
              name: `Leather wallet ${MARKUP}`,
              translations: {},
              colour: 'Navy',
              size: 'XL',
              stock: 1,
              threshold: 3,
            },
          ],
        },
        settings,
        origin,
      ),
    ],
    [
      'refund_declined_alert',
      renderRefundDeclinedAlert(
        {
          orderId: 7,
          orderNumber: 'SQ-7K3M9Q2X',
          amount: 2500,
          currency: 'SAR',
          reason: `Declined ${MARKUP}`,
        },
        settings,
        origin,
      ),
    ],
  ];
}

const languages: LanguageCode[] = ['en', 'ar'];

describe('every mail', () => {
  it.each(languages)('escapes markup people typed, in HTML and text (%s)', (locale) => {
    for (const [name, mail] of everyMail(locale)) {
      expect(mail.html, name).not.toContain('<img src=x');
      expect(mail.html, name).toContain('&lt;img src=x onerror=alert(1)>');
      expect(mail.text, name).toContain(MARKUP);
      expect(mail.text, name).not.toMatch(/<\/?(p|table|tr|td|a|br|html|div)\b/);
    }
  });

  it('speaks the language of its reader: lang, dir and the side text starts on', () => {
    // The staff's order alerts are in the shop's default language.
    const staffAlerts = ['new_order_alert', 'new_orders_digest'];
    for (const [name, mail] of everyMail('ar').filter(([kind]) => !staffAlerts.includes(kind))) {
      // The owners' mails speak every shop language in one mail, each section in its direction.
      if (name === 'low_stock_digest' || name === 'refund_declined_alert') continue;
      expect(mail.html, name).toMatch(/^<!doctype html>\n<html lang="ar" dir="rtl">/);
      expect(mail.html, name).toContain('text-align:right');
    }
  });
});

/** Pictures come from the shop: the test serves them from the web app's public folder. */
const publicDir = path.resolve(import.meta.dirname, '../../../../../web/public');
const screenshotDir = process.env.MAIL_SCREENSHOTS_DIR;

describe('every mail in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    });
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(languages)(
    'fits a 390 px phone and a 1280 px desktop without scrolling sideways (%s)',
    { timeout: 120_000 },
    async (locale) => {
      if (screenshotDir) fs.mkdirSync(screenshotDir, { recursive: true });
      for (const width of [390, 1280]) {
        const page = await browser.newPage({ viewport: { width, height: 800 } });
        await page.route(`${origin}/**`, (route) => {
          const file = path.join(publicDir, new URL(route.request().url()).pathname);
          return fs.existsSync(file) ? route.fulfill({ path: file }) : route.abort();
        });
        await page.route(/^https:\/\/(?!souq\.test)/, (route) => route.abort());
        for (const [name, mail] of everyMail(locale)) {
          await page.setContent(mail.html, { waitUntil: 'load' });
          const { scrollWidth, clientWidth } = await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            clientWidth: document.documentElement.clientWidth,
          }));
          expect(scrollWidth, `${name} ${locale} at ${width}px`).toBeLessThanOrEqual(clientWidth);
          if (screenshotDir)
            await page.screenshot({
              path: path.join(screenshotDir, `${name}-${locale}-${width}.png`),
              fullPage: true,
            });
        }
        await page.close();
      }
    },
  );
});
