import { useTranslation } from 'react-i18next';
import { textIn } from '@souq/contracts/languages';
import type { OrderShippingMethod } from '@souq/contracts/shipping';

/** A delivery method's estimated window in words: "today or tomorrow", "in 2–5 days". */
export function DeliveryWindow({ minDays, maxDays }: { minDays: number; maxDays: number }) {
  const { t } = useTranslation();
  if (maxDays === 0) return <>{t('delivery.today')}</>;
  if (minDays === 0 && maxDays === 1) return <>{t('delivery.todayOrTomorrow')}</>;
  if (minDays === maxDays) return <>{t('delivery.inDays', { count: maxDays })}</>;
  return <>{t('delivery.inDaysRange', { min: minDays, max: maxDays })}</>;
}

/** The method an order ships with, in the page's language, and when it should arrive. */
export function ShippingMethodSummary({ method }: { method: OrderShippingMethod }) {
  const { i18n } = useTranslation();
  return (
    <span>
      <bdi>{textIn(method.name, i18n.language)}</bdi>
      {' · '}
      <DeliveryWindow minDays={method.minDays} maxDays={method.maxDays} />
    </span>
  );
}
