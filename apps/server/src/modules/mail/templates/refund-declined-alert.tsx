/** @jsxRuntime automatic @jsxImportSource react */
import type { LanguageCode } from '@souq/contracts/languages';
import type { ShopSettings } from '@souq/contracts/shop-settings';
import { mailMoney, mailText } from '../mail-text';
import { Facts, MailButton, Paragraph, renderOwnersMail } from './layout';
import { isolate, isolateLtr, type RenderedMail } from './render';

export interface DeclinedRefund {
  orderId: number;
  orderNumber: string;
  amount: number;
  currency: string;
  /** The provider's reason, as it gave it. */
  reason: string;
}

/** The owners' alert that a provider declined a refund it had accepted, in every shop language. */
export function renderRefundDeclinedAlert(
  refund: DeclinedRefund,
  shop: ShopSettings,
  origin: string,
): RenderedMail {
  return renderOwnersMail(
    (locale: LanguageCode) =>
      mailText(locale)('refundDeclined.title', {
        amount: isolateLtr(mailMoney(refund.amount, refund.currency, locale)),
        number: isolateLtr(refund.orderNumber),
      }),
    (locale) => {
      const t = mailText(locale);
      return (
        <>
          <Paragraph>{t('refundDeclined.intro')}</Paragraph>
          <Facts rows={[[t('refundDeclined.reason'), isolate(refund.reason)]]} />
          <MailButton href={`${origin}/admin/orders/${refund.orderId}`}>
            {t('refundDeclined.open')}
          </MailButton>
        </>
      );
    },
    shop,
    origin,
  );
}
