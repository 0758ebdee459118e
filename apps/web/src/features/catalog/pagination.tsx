import { PRODUCT_PAGE_LIMIT_DEFAULT } from '@souq/contracts/catalog-values';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

export const PAGE_SIZE = PRODUCT_PAGE_LIMIT_DEFAULT;
const PAGE_MAX = 100_000;

/** The ?page= value as the API accepts it: a whole number from 1; anything else is page 1. */
export function readPageParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= PAGE_MAX ? page : 1;
}

/** Previous / next links that keep every other query parameter. */
export function Pagination({ page, total, limit }: { page: number; total: number; limit: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set('page', String(target));
    return `${location.pathname}?${params.toString()}`;
  };
  const linkClass = 'rounded border border-neutral-300 px-4 py-2 hover:border-neutral-900';
  return (
    <nav
      aria-label={t('pagination.label')}
      className="mt-10 flex items-center justify-center gap-4"
    >
      {page > 1 && (
        <Link to={hrefFor(page - 1)} className={linkClass}>
          {t('pagination.previous')}
        </Link>
      )}
      <span>{t('pagination.pageOf', { page, pages })}</span>
      {page < pages && (
        <Link to={hrefFor(page + 1)} className={linkClass}>
          {t('pagination.next')}
        </Link>
      )}
    </nav>
  );
}
