import type { LanguageCode } from '@souq/contracts/languages';
import type { ShopSettings } from '@souq/contracts/shop-settings';
import { mailText } from '../mail-text';
import { escapeHtml, htmlDocument, shopContactFooter, type RenderedMail } from './render';

export interface BackInStock {
  locale: LanguageCode;
  productName: string;
  /** The product's page, as the shopper asked from it. */
  productUrl: string;
  /** Ends the shopper's requests for the product still waiting (other sizes, say). */
  unsubscribeUrl: string;
  shop: ShopSettings;
}

/** A sold-out product a shopper asked about is back: one mail, in the language they asked in. */
export function backInStockMail(mail: BackInStock): RenderedMail {
  const t = mailText(mail.locale);
  const subject = t('backInStock.subject', { product: mail.productName, shop: mail.shop.shopName });
  const body = t('backInStock.body', { product: mail.productName });
  const button = t('backInStock.button');
  const why = t('backInStock.why', { shop: mail.shop.shopName });
  const unsubscribe = t('backInStock.unsubscribe');
  const footer = shopContactFooter(mail.shop, mail.locale);
  const text = [
    body,
    `${button}: ${mail.productUrl}`,
    why,
    `${unsubscribe}: ${mail.unsubscribeUrl}`,
    ...(footer.text ? [footer.text] : []),
  ].join('\n\n');
  const html = htmlDocument(
    mail.locale,
    subject,
    [
      `<p>${escapeHtml(body)}</p>`,
      `<p><a href="${escapeHtml(mail.productUrl)}">${escapeHtml(button)}</a></p>`,
      `<p style="color:#555">${escapeHtml(why)}</p>`,
      `<p><a href="${escapeHtml(mail.unsubscribeUrl)}">${escapeHtml(unsubscribe)}</a></p>`,
      footer.html,
    ].join('\n'),
  );
  return { subject, html, text };
}
