import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money';

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
  const { t, i18n } = useTranslation();
  const discounted = compareAt != null && compareAt > amount;
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-x-3 ${className}`}>
      <span className="font-medium text-brand">{formatMoney(amount, currency, i18n.language)}</span>
      {discounted && (
        <s className="text-muted">
          <span className="sr-only">{t('product.was')} </span>
          {formatMoney(compareAt, currency, i18n.language)}
        </s>
      )}
    </span>
  );
}
