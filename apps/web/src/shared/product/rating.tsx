import { useTranslation } from 'react-i18next';
import { StarIcon } from '../../components/ui/icons';
import { formatNumber } from '../../lib/number-format';

export function Rating({ average, count }: { average: number; count: number }) {
  const { t, i18n } = useTranslation();
  const rounded = Math.round(average);
  return (
    <span className="flex items-center gap-2 text-sm">
      <span className="flex text-amber-500" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((star) => (
          <StarIcon key={star} width={16} height={16} filled={star <= rounded} />
        ))}
      </span>
      <span className="sr-only">
        {t('product.rating', { rating: formatNumber(average, i18n.language) })}
      </span>
      <span className="text-muted">({formatNumber(count, i18n.language)})</span>
    </span>
  );
}
