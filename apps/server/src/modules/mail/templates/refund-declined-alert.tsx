/** @jsxRuntime automatic @jsxImportSource react */
import { defaultLanguage, shopLanguages, type LanguageCode } from '@souq/contracts/languages';
import type { ShopSettings } from '@souq/contracts/shop-settings';
import { mailMoney, mailText } from '../mail-text';
import {
  Facts,
  InEachShopLanguage,
  MailButton,
  MailHeading,
  MailLayout,
  Paragraph,
} from './layout';
import { isolate, isolateLtr, renderMail, type RenderedMail } from './render';

export interface DeclinedRefund {
  orderId: number;
  orderNumber: string;
  amount: number;
  currency: string;
  /** The provider's reason, as it gave it. */
  reason: string;
}

/**
 * The owners' alert that a provider declined a refund it had accepted. The shop keeps no
 * language per owner, so, as the low-stock digest, it says it in each of the shop's languages.
 */
export function renderRefundDeclinedAlert(
  refund: DeclinedRefund,
  shop: ShopSettings,
  origin: string,
): RenderedMail {
  const title = (locale: LanguageCode) =>
    mailText(locale)('refundDeclined.title', {
      amount: isolateLtr(mailMoney(refund.amount, refund.currency, locale)),
      number: isolateLtr(refund.orderNumber),
    });
  const subject = shopLanguages.map(({ code }) => title(code)).join(' · ');
  return renderMail(
    subject,
    <MailLayout
      locale={defaultLanguage}
      shop={shop}
      origin={origin}
      preview={subject}
      contactFooter={false}
    >
      <InEachShopLanguage>
        {(locale) => {
          const t = mailText(locale);
          return (
            <>
              <MailHeading>{title(locale)}</MailHeading>
              <Paragraph>{t('refundDeclined.intro')}</Paragraph>
              <Facts rows={[[t('refundDeclined.reason'), isolate(refund.reason)]]} />
              <MailButton href={`${origin}/admin/orders/${refund.orderId}`}>
                {t('refundDeclined.open')}
              </MailButton>
            </>
          );
        }}
      </InEachShopLanguage>
    </MailLayout>,
  );
}
