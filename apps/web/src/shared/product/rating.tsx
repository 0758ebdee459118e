import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/number-format';

/**
 * A product's average as five stars (rounded to whole stars), the average in words for a screen
 * reader and the number of reviews. The stars are one element drawn by CSS (`.rating-stars` in
 * index.css): a listing's 24 cards would otherwise hold 264 star elements to parse and hydrate.
 */
export function Rating({ average, count }: { average: number; count: number }) {
  const { t, i18n } = useTranslation();
  return (
    <span className="flex items-center gap-2 text-sm">
      <span
        role="img"
        aria-label={t('product.rating', { rating: formatNumber(average, i18n.language) })}
        data-stars={Math.round(average)}
        className="rating-stars text-amber-500"
      />
      <span className="text-muted">({formatNumber(count, i18n.language)})</span>
    </span>
  );
}
