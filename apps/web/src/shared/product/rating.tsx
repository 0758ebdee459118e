import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/number-format';

/**
 * A product's average as five stars (rounded to whole stars), the average in words for a screen
 * reader and the number of reviews. The stars are one element drawn by CSS (`.rating-stars` in
 * index.css): a listing's 24 cards would otherwise hold 264 star elements to parse and hydrate.
 */
export function Rating({ average, count }: { average: number; count: number }) {
  const { t, i18n } = useTranslation();
  return ratingElement({ average, count }, i18n.language, t);
}

/**
 * `Rating`'s element for a language and texts already known: a list's product cards read them
 * once for the whole list (product-card.tsx).
 */
export function ratingElement(
  { average, count }: { average: number; count: number },
  language: string,
  t: TFunction,
) {
  return (
    <span className="flex items-center gap-2 text-sm">
      <span
        role="img"
        aria-label={t('product.rating', { rating: formatNumber(average, language) })}
        data-stars={Math.round(average)}
        className="rating-stars text-amber-500"
      />
      <span className="text-muted">({formatNumber(count, language)})</span>
    </span>
  );
}
