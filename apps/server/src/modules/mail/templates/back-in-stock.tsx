/** @jsxRuntime automatic @jsxImportSource react */
import type { LanguageCode } from '@souq/contracts/languages';
import type { ShopSettings } from '@souq/contracts/shop-settings';
import { mailText } from '../mail-text';
import { MailButton, MailHeading, MailLayout, Paragraph } from './layout';
import { isolate, renderMail, type RenderedMail } from './render';

export interface BackInStock {
  locale: LanguageCode;
  productName: string;
  /** The product's page on the shop's public address, as the shopper asked from it. */
  productUrl: string;
  /** Ends the shopper's requests for the product still waiting (other sizes, say). */
  unsubscribeUrl: string;
  /** The product's picture (a path on the shop); null when it has none. */
  picture?: string | null;
  shop: ShopSettings;
}

/** A sold-out product a shopper asked about is back: one mail, in the language they asked in. */
export function backInStockMail(mail: BackInStock): RenderedMail {
  const t = mailText(mail.locale);
  const product = isolate(mail.productName);
  const origin = new URL(mail.productUrl).origin;
  const body = t('backInStock.body', { product });
  return renderMail(
    t('backInStock.subject', { product: mail.productName, shop: mail.shop.shopName }),
    <MailLayout locale={mail.locale} shop={mail.shop} origin={origin} preview={body}>
      <MailHeading>{product}</MailHeading>
      {mail.picture && (
        <img
          src={new URL(mail.picture, origin).href}
          alt=""
          width={240}
          height={240}
          style={{ display: 'block', borderRadius: '8px', margin: '0 0 16px', maxWidth: '100%' }}
        />
      )}
      <Paragraph>{body}</Paragraph>
      <MailButton href={mail.productUrl}>{t('backInStock.button')}</MailButton>
      <Paragraph muted>{t('backInStock.why', { shop: mail.shop.shopName })}</Paragraph>
      <Paragraph muted>
        <a href={mail.unsubscribeUrl} style={{ color: 'inherit' }}>
          {t('backInStock.unsubscribe')}
        </a>
      </Paragraph>
    </MailLayout>,
  );
}
