import type { LanguageCode } from '@souq/contracts/languages';
import type { ShopSettings } from '@souq/contracts/shop-settings';
import { mailText } from '../mail-text';
import { escapeHtml, htmlDocument, shopContactFooter, type RenderedMail } from './render';

export interface BackInStock {
  locale: LanguageCode;
  productName: string;
  /** The product's page, as the shopper asked from it. */
  productUrl: string;
  shop: ShopSettings;
}

/** A sold-out product a shopper asked about is back: one mail, in the language they asked in. */
export function backInStockMail(mail: BackInStock): RenderedMail {
  const t = mailText(mail.locale);
  const subject = t('backInStock.subject', { product: mail.productName, shop: mail.shop.shopName });
  const body = t('backInStock.body', { product: mail.productName });
  const button = t('backInStock.button');
  const why = t('backInStock.why', { shop: mail.shop.shopName });
  const footer = shopContactFooter(mail.shop, mail.locale);
  const text = [
    body,
    `${button}: ${mail.productUrl}`,
    why,
    ...(footer.text ? [footer.text] : []),
  ].join('\n\n');
  const html = htmlDocument(
    mail.locale,
    subject,
    [
      `<p>${escapeHtml(body)}</p>`,
      `<p><a href="${escapeHtml(mail.productUrl)}">${escapeHtml(button)}</a></p>`,
      `<p style="color:#555">${escapeHtml(why)}</p>`,
      footer.html,
    ].join('\n'),
  );
  return { subject, html, text };
}
