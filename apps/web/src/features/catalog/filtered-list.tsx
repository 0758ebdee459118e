import type { Facets, ProductSort } from '@souq/contracts/catalog';
import { productSorts } from '@souq/contracts/catalog-values';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { CloseIcon } from '../../components/ui/icons';
import { moneyInText } from '../../lib/money';
import { useMediaQuery } from '../../lib/use-media-query';
import { localized } from '../../lib/localized';
import {
  useGetCategoriesQuery,
  useGetFacetsQuery,
  useGetProductsQuery,
  type ProductListParams,
} from '../../lib/catalog-api';
import {
  facetFilterKeys,
  facetQueryOf,
  toMinorUnits,
  withParams,
  type FacetFilters,
} from './catalog-params';
import { PAGE_SIZE, Pagination } from './pagination';
import { ProductGrid } from '../../shared/product/product-grid';

// The filters show only once the page has become the app (from `md`) or as the phone's sheet
// first opens, never in the server's page: their code loads then, not before the first render.
const FilterPanel = lazy(() =>
  import('./filter-panel').then((module) => ({ default: module.FilterPanel })),
);
const FilterSheet = lazy(() =>
  import('./filter-panel').then((module) => ({ default: module.FilterSheet })),
);

/** What a list page read from its URL (catalog-params.ts' `read…View`). */
export interface ListView {
  page: number;
  sort: ProductSort;
  category?: string | undefined;
  minPrice: number | undefined;
  maxPrice: number | undefined;
  facets: FacetFilters;
  products: ProductListParams;
}

export type Changes = Record<string, string | undefined>;

/**
 * A list of products with its filters, their counts (`GET /api/facets`), the filters in force as
 * chips and the sort, for `/productS`, `/category` and `/search`. The whole view lives in the
 * URL, so a link reproduces it and Back returns to the previous one. From `md` the filters are a
 * column beside the grid; on a phone a sheet (filter-panel.tsx, both loaded as they first show).
 */
export function FilteredList({
  heading,
  view,
  categoryFilter,
  sorts = productSorts.filter((s) => s !== 'relevance'),
}: {
  heading: ReactNode;
  view: ListView;
  /** Whether the category is a filter here (not on a category's own page). */
  categoryFilter: boolean;
  sorts?: readonly ProductSort[];
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const products = useGetProductsQuery(view.products);
  const facets = useGetFacetsQuery(facetQueryOf(view.products));
  const change = (changes: Changes) => setParams(withParams(params, changes));
  // Phones get the filters in a sheet, so the first products show without scrolling.
  const wide = useMediaQuery('(min-width: 768px)');
  // Undefined until the sheet first opens: built then, and kept so that closing it gives focus
  // back to the button.
  const [sheetOpen, setSheetOpen] = useState<boolean>();
  const total = products.data?.total;
  const panelProps = { view, facets: facets.data, categoryFilter, onChange: change };
  const clearAll = () =>
    change(
      Object.fromEntries(
        [...(categoryFilter ? ['category'] : []), 'minPrice', 'maxPrice', ...facetFilterKeys].map(
          (key) => [key, undefined],
        ),
      ),
    );

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-semibold break-words">{heading}</h1>
        <label className="flex items-center gap-2 text-sm">
          {t('products.sortBy')}
          <select
            value={view.sort}
            onChange={(event) => change({ sort: event.target.value })}
            className="min-h-11 rounded border border-neutral-300 px-2"
          >
            {sorts.map((s) => (
              <option key={s} value={s}>
                {t(`sort.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="flex gap-8">
        {wide && (
          <aside className="flex w-56 shrink-0 flex-col gap-8" aria-label={t('filters.label')}>
            <Suspense fallback={null}>
              <FilterPanel {...panelProps} />
            </Suspense>
          </aside>
        )}
        <div className="min-w-0 flex-1">
          <div className="mb-4 flex flex-wrap items-center gap-2">
            {!wide && (
              <>
                <Button
                  variant="outline"
                  className="min-h-11 px-4"
                  aria-haspopup="dialog"
                  onClick={() => setSheetOpen(true)}
                >
                  {t('filters.label')}
                </Button>
                {sheetOpen !== undefined && (
                  <Suspense fallback={null}>
                    <FilterSheet
                      open={sheetOpen}
                      onClose={() => setSheetOpen(false)}
                      onClear={clearAll}
                      total={total}
                      {...panelProps}
                    />
                  </Suspense>
                )}
              </>
            )}
            <ActiveFilters
              view={view}
              facets={facets.data}
              categoryFilter={categoryFilter}
              onRemove={change}
            />
          </div>
          <p className="mb-6 h-5 text-sm text-muted" aria-live="polite">
            {total !== undefined && t('products.count', { count: total })}
          </p>
          {/* The previous results stay, dimmed, until the new ones arrive: nothing jumps. */}
          <div className={products.isFetching ? 'opacity-60 transition-opacity' : undefined}>
            <ProductGrid
              products={products.data?.items}
              loading={products.isLoading}
              eagerCount={3}
              firstIsLargestPaint
              skeletonCount={12}
              columns="md:grid-cols-2 lg:grid-cols-3"
            />
          </div>
          {products.isError && <p role="alert">{t('errors.productsUnavailable')}</p>}
          {total === 0 && <p className="py-10 text-center text-muted">{t('filters.noMatch')}</p>}
          {total !== undefined && <Pagination page={view.page} total={total} limit={PAGE_SIZE} />}
        </div>
      </div>
    </div>
  );
}

/** The filters in force, as chips that each take theirs away. */
function ActiveFilters({
  view,
  facets,
  categoryFilter,
  onRemove,
}: {
  view: ListView;
  facets: Facets | undefined;
  categoryFilter: boolean;
  onRemove: (changes: Changes) => void;
}) {
  const { t, i18n } = useTranslation();
  const categories = useGetCategoriesQuery(undefined);
  const money = (units: number) => moneyInText(toMinorUnits(units) ?? 0, 'USD', i18n.language);
  const { category, minPrice, maxPrice } = view;
  const { colour, size, inStock, onSale, minRating } = view.facets;
  const foundCategory = categories.data?.items.find((c) => c.slug === category);
  const foundColour = facets?.colours.find((c) => c.name === colour);
  const chips = [
    categoryFilter &&
      category !== undefined && {
        key: 'category',
        label: foundCategory ? localized(foundCategory, 'name', i18n.language) : category,
      },
    minPrice !== undefined && {
      key: 'minPrice',
      label: t('filters.from', { amount: money(minPrice) }),
    },
    maxPrice !== undefined && {
      key: 'maxPrice',
      label: t('filters.upTo', { amount: money(maxPrice) }),
    },
    colour !== undefined && {
      key: 'colour',
      label: foundColour ? localized(foundColour, 'name', i18n.language) : colour,
    },
    size !== undefined && { key: 'size', label: t('filters.sizeChip', { size }) },
    inStock && { key: 'inStock', label: t('filters.inStock') },
    onSale && { key: 'onSale', label: t('filters.onSale') },
    minRating !== undefined && {
      key: 'minRating',
      label: t('filters.ratingAtLeast', { count: minRating }),
    },
  ].filter((chip): chip is { key: string; label: string } => !!chip);
  if (chips.length === 0) return null;
  return (
    <ul className="contents" aria-label={t('filters.active')}>
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            aria-label={t('filters.remove', { filter: chip.label })}
            onClick={() => onRemove({ [chip.key]: undefined })}
            className="flex min-h-11 items-center gap-1 rounded-full bg-surface px-4 text-sm"
          >
            {chip.label}
            <CloseIcon width={14} height={14} aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
