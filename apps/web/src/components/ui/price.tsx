import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money';

/**
 * How the shop writes an amount of money: formatted for the shopper's language and isolated
 * left to right, so right-to-left text around it cannot reorder the sign and the digits.
 */
export function Money({
  amount,
  currency,
  className,
}: {
  /** Minor units (cents). */
  amount: number;
  currency: string;
  className?: string;
}) {
  const { i18n } = useTranslation();
  return (
    <bdi dir="ltr" className={className}>
      {formatMoney(amount, currency, i18n.language)}
    </bdi>
  );
}

/** A product's price, with the compare-at price struck through when it is discounted. */
export function Price({
  amount,
  compareAt,
  currency,
  className = '',
}: {
  amount: number;
  compareAt?: number | null;
  currency: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const discounted = compareAt != null && compareAt > amount;
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-x-3 ${className}`}>
      <Money amount={amount} currency={currency} className="font-medium text-brand" />
      {discounted && (
        <s className="text-muted">
          <span className="sr-only">{t('product.was')} </span>
          <Money amount={compareAt} currency={currency} />
        </s>
      )}
    </span>
  );
}
