import type { Facets, ProductSort } from '@souq/contracts/catalog';
import { productSorts } from '@souq/contracts/catalog-values';
import { useState, type ReactNode, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { CloseIcon } from '../../components/ui/icons';
import { Sheet } from '../../components/ui/sheet';
import { Swatch } from '../../components/ui/swatch';
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
  readPriceUnits,
  toMinorUnits,
  withParams,
  type FacetFilters,
} from './catalog-params';
import { PAGE_SIZE, Pagination } from './pagination';
import { ProductGrid } from '../../shared/product/product-grid';

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

type Changes = Record<string, string | undefined>;

/**
 * A list of products with its filters, their counts (`GET /api/facets`), the filters in force as
 * chips and the sort, for `/productS`, `/category` and `/search`. The whole view lives in the
 * URL, so a link reproduces it and Back returns to the previous one. From `md` the filters are a
 * column beside the grid; on a phone a sheet whose changes show at once behind it, with Clear
 * and a button that closes it naming how many products are left.
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
  const [sheetOpen, setSheetOpen] = useState(false);
  const total = products.data?.total;
  const filters = (
    <FilterPanel
      view={view}
      facets={facets.data}
      categoryFilter={categoryFilter}
      onChange={change}
    />
  );
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
            {filters}
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
                <Sheet
                  open={sheetOpen}
                  onClose={() => setSheetOpen(false)}
                  title={t('filters.label')}
                  closeLabel={t('filters.close')}
                >
                  {/* Built as it opens: closed, its facets (dozens of colours) would be most of
                      the page's elements, on the server's page and in its hydration. */}
                  {sheetOpen && <div className="flex flex-col gap-8 pb-6">{filters}</div>}
                  <div className="sticky -bottom-6 -mx-6 -mb-6 flex gap-3 border-t border-neutral-200 bg-white p-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
                    <Button variant="outline" className="min-h-11 flex-1 px-4" onClick={clearAll}>
                      {t('filters.clear')}
                    </Button>
                    <Button
                      className="min-h-11 flex-[2] px-4 whitespace-nowrap"
                      onClick={() => setSheetOpen(false)}
                    >
                      {total === undefined
                        ? t('filters.show')
                        : t('filters.showCount', { count: total })}
                    </Button>
                  </div>
                </Sheet>
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

/** Every filter with how many products each value would leave; values leaving none are disabled. */
function FilterPanel({
  view,
  facets,
  categoryFilter,
  onChange,
}: {
  view: ListView;
  facets: Facets | undefined;
  categoryFilter: boolean;
  onChange: (changes: Changes) => void;
}) {
  const { t, i18n } = useTranslation();
  const { colour, size, inStock, onSale, minRating } = view.facets;
  const toggle = (key: string, value: string, current: string | undefined) =>
    onChange({ [key]: current === value ? undefined : value });
  return (
    <>
      {categoryFilter && (
        <CategoryFilter
          current={view.category}
          facets={facets}
          onChange={(slug) => onChange({ category: slug })}
        />
      )}
      {facets && facets.colours.length > 0 && (
        <FacetGroup legend={t('filters.colour')}>
          {facets.colours.map((c) => (
            <FacetButton
              key={c.name}
              pressed={colour === c.name}
              count={c.count}
              onClick={() => toggle('colour', c.name, colour)}
            >
              <Swatch hex={c.hex} className="size-5" />
              {localized(c, 'name', i18n.language)}
            </FacetButton>
          ))}
        </FacetGroup>
      )}
      {facets && facets.sizes.length > 0 && (
        <FacetGroup legend={t('filters.size')}>
          {facets.sizes.map((s) => (
            <FacetButton
              key={s.name}
              pressed={size === s.name}
              count={s.count}
              onClick={() => toggle('size', s.name, size)}
            >
              {s.name}
            </FacetButton>
          ))}
        </FacetGroup>
      )}
      <PriceFilter
        key={`${view.minPrice ?? ''}-${view.maxPrice ?? ''}`}
        min={view.minPrice}
        max={view.maxPrice}
        onApply={(min, max) => onChange({ minPrice: min?.toString(), maxPrice: max?.toString() })}
      />
      {facets && (
        <FacetGroup legend={t('filters.availability')}>
          <FacetButton
            pressed={!!inStock}
            count={facets.inStock}
            onClick={() => toggle('inStock', 'true', inStock)}
          >
            {t('filters.inStock')}
          </FacetButton>
          <FacetButton
            pressed={!!onSale}
            count={facets.onSale}
            onClick={() => toggle('onSale', 'true', onSale)}
          >
            {t('filters.onSale')}
          </FacetButton>
        </FacetGroup>
      )}
      {facets && (
        <FacetGroup legend={t('filters.rating')}>
          {facets.ratings.map((r) => (
            <FacetButton
              key={r.atLeast}
              pressed={minRating === r.atLeast}
              count={r.count}
              onClick={() => toggle('minRating', String(r.atLeast), minRating?.toString())}
            >
              {t('filters.ratingAtLeast', { count: r.atLeast })}
            </FacetButton>
          ))}
        </FacetGroup>
      )}
    </>
  );
}

function FacetGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-2">{children}</div>
    </fieldset>
  );
}

/** One filter value, pressed while in force; one that would leave nothing cannot be chosen. */
function FacetButton({
  pressed,
  count,
  onClick,
  children,
}: {
  pressed: boolean;
  count: number;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      disabled={count === 0 && !pressed}
      onClick={onClick}
      className={`flex min-h-11 min-w-11 items-center gap-2 rounded border px-3 text-sm disabled:cursor-not-allowed disabled:border-neutral-200 disabled:text-neutral-500 ${
        pressed ? 'border-brand bg-brand text-white' : 'border-neutral-300 hover:border-neutral-900'
      }`}
    >
      {children}
      <span className={pressed ? 'text-white' : 'text-muted'}>({count})</span>
    </button>
  );
}

function CategoryFilter({
  current,
  facets,
  onChange,
}: {
  current: string | undefined;
  facets: Facets | undefined;
  onChange: (slug: string | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  const categories = useGetCategoriesQuery(undefined);
  const countOf = (slug: string) => facets?.categories.find((c) => c.slug === slug)?.count;
  const options = [
    { slug: undefined, label: t('filters.allCategories'), count: undefined },
    ...(categories.data?.items.map((c) => ({
      slug: c.slug,
      label: localized(c, 'name', i18n.language),
      count: countOf(c.slug),
    })) ?? []),
  ];
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 font-semibold">{t('filters.category')}</legend>
      <div className="flex flex-col">
        {options.map((option) => (
          <label
            key={option.slug ?? 'all'}
            className={`flex min-h-11 cursor-pointer items-center gap-2 text-sm ${
              option.count === 0 && option.slug !== current ? 'text-neutral-500' : ''
            }`}
          >
            <input
              type="radio"
              name="category"
              checked={option.slug === current}
              disabled={option.count === 0 && option.slug !== current}
              onChange={() => onChange(option.slug)}
              className="size-5 accent-brand"
            />
            {option.label}
            {option.count !== undefined && <span className="text-muted">({option.count})</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function PriceFilter({
  min,
  max,
  onApply,
}: {
  min: number | undefined;
  max: number | undefined;
  onApply: (min: number | undefined, max: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const [minText, setMinText] = useState(min?.toString() ?? '');
  const [maxText, setMaxText] = useState(max?.toString() ?? '');
  const [error, setError] = useState('');

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const low = minText.trim() === '' ? undefined : readPriceUnits(minText.trim());
    const high = maxText.trim() === '' ? undefined : readPriceUnits(maxText.trim());
    if (
      (minText.trim() !== '' && low === undefined) ||
      (maxText.trim() !== '' && high === undefined)
    ) {
      setError(t('filters.priceWhole'));
      return;
    }
    if (low !== undefined && high !== undefined && low > high) {
      setError(t('filters.priceOrder'));
      return;
    }
    setError('');
    onApply(low, high);
  }

  const inputClass = 'min-h-11 w-full rounded border border-neutral-300 px-2 text-sm';
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 font-semibold">{t('filters.price')}</legend>
        <div className="flex gap-3">
          {(
            [
              ['minPrice', t('filters.min'), minText, setMinText],
              ['maxPrice', t('filters.max'), maxText, setMaxText],
            ] as const
          ).map(([name, label, value, setValue]) => (
            <label key={name} className="flex flex-1 flex-col gap-1 text-sm">
              {label}
              <input
                inputMode="numeric"
                name={name}
                value={value}
                onChange={(event) => setValue(event.target.value)}
                aria-invalid={error !== ''}
                aria-describedby="price-error"
                className={inputClass}
              />
            </label>
          ))}
        </div>
      </fieldset>
      <p id="price-error" role="alert" className="min-h-5 text-sm text-brand">
        {error}
      </p>
      <Button type="submit" variant="outline" className="min-h-11 px-4">
        {t('filters.apply')}
      </Button>
    </form>
  );
}
