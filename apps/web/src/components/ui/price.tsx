import type { TFunction } from 'i18next';
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
  return moneyElement(amount, currency, i18n.language, className);
}

/** `Money`'s element for a language already known. */
function moneyElement(amount: number, currency: string, language: string, className?: string) {
  return (
    <bdi dir="ltr" className={className}>
      {formatMoney(amount, currency, language)}
    </bdi>
  );
}

interface PriceProps {
  amount: number;
  compareAt?: number | null;
  currency: string;
  className?: string;
}

/** A product's price, with the compare-at price struck through when it is discounted. */
export function Price(props: PriceProps) {
  const { t, i18n } = useTranslation();
  return priceElement(props, i18n.language, t);
}

/**
 * `Price`'s element for a language and texts already known: a list's product cards read them
 * once for the whole list (shared/product/product-card.tsx).
 */
export function priceElement(
  { amount, compareAt, currency, className = '' }: PriceProps,
  language: string,
  t: TFunction,
) {
  const discounted = compareAt != null && compareAt > amount;
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-x-3 ${className}`}>
      {moneyElement(amount, currency, language, 'font-medium text-brand')}
      {discounted && (
        <s className="text-muted">
          <span className="sr-only">{t('product.was')} </span>
          {moneyElement(compareAt, currency, language)}
        </s>
      )}
    </span>
  );
}
