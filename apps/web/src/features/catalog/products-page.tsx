import { productSorts } from '@souq/contracts/catalog-values';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { CloseIcon } from '../../components/ui/icons';
import { Sheet } from '../../components/ui/sheet';
import { moneyInText } from '../../lib/money';
import { useMediaQuery } from '../../lib/use-media-query';
import { localized } from '../../lib/localized';
import { useGetCategoriesQuery, useGetProductsQuery } from '../../lib/catalog-api';
import { readPriceUnits, readProductsView, toMinorUnits, withParams } from './catalog-params';
import { PAGE_SIZE, Pagination } from './pagination';
import { NotFound } from '../../shared/not-found';
import { ProductGrid } from '../../shared/product/product-grid';

/**
 * Every product, filtered by category and price, sorted and paged. The whole view lives in the
 * URL, so a link reproduces it and Back returns to the previous one.
 */
export default function ProductsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { page, sort, category, minPrice, maxPrice, products: query } = readProductsView(params);
  const products = useGetProductsQuery(query);
  const change = (changes: Record<string, string | undefined>) =>
    setParams(withParams(params, changes));
  // Phones get the filters in a sheet, so the first products show without scrolling.
  const wide = useMediaQuery('(min-width: 768px)');
  const [sheetOpen, setSheetOpen] = useState(false);
  const categories = useGetCategoriesQuery(undefined);
  // An unknown category is an address that does not exist (the server answers it 404).
  if (category && categories.data && !categories.data.items.some((c) => c.slug === category)) {
    return <NotFound />;
  }
  const filters = (
    <>
      <CategoryFilter current={category} onChange={(slug) => change({ category: slug })} />
      <PriceFilter
        key={`${minPrice ?? ''}-${maxPrice ?? ''}`}
        min={minPrice}
        max={maxPrice}
        onApply={(min, max) => change({ minPrice: min?.toString(), maxPrice: max?.toString() })}
      />
    </>
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-semibold">{t('products.title')}</h1>
        <label className="flex items-center gap-2 text-sm">
          {t('products.sortBy')}
          <select
            value={sort}
            onChange={(event) => change({ sort: event.target.value })}
            className="rounded border border-neutral-300 px-2 py-1"
          >
            {productSorts
              .filter((s) => s !== 'relevance')
              .map((s) => (
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
          {!wide && (
            <div className="mb-4 flex flex-wrap items-center gap-2">
              <Button
                variant="outline"
                className="px-4 py-2"
                aria-haspopup="dialog"
                onClick={() => setSheetOpen(true)}
              >
                {t('filters.label')}
              </Button>
              <ActiveFilters
                category={category}
                minPrice={minPrice}
                maxPrice={maxPrice}
                onRemove={change}
              />
              <Sheet
                open={sheetOpen}
                onClose={() => setSheetOpen(false)}
                title={t('filters.label')}
                closeLabel={t('filters.close')}
              >
                <div className="flex flex-col gap-8">{filters}</div>
              </Sheet>
            </div>
          )}
          <p className="mb-6 h-5 text-sm text-muted" aria-live="polite">
            {products.data && t('products.count', { count: products.data.total })}
          </p>
          {/* The previous results stay, dimmed, until the new ones arrive: nothing jumps. */}
          <div className={products.isFetching ? 'opacity-60 transition-opacity' : undefined}>
            <ProductGrid
              products={products.data?.items}
              loading={products.isLoading}
              eagerCount={3}
              skeletonCount={12}
              columns="md:grid-cols-2 lg:grid-cols-3"
            />
          </div>
          {products.isError && <p role="alert">{t('errors.productsUnavailable')}</p>}
          {products.data?.total === 0 && (
            <p className="py-10 text-center text-muted">{t('filters.noMatch')}</p>
          )}
          {products.data && (
            <Pagination page={page} total={products.data.total} limit={PAGE_SIZE} />
          )}
        </div>
      </div>
    </div>
  );
}

/** The filters in force, as chips that each take theirs away. */
function ActiveFilters({
  category,
  minPrice,
  maxPrice,
  onRemove,
}: {
  category: string | undefined;
  minPrice: number | undefined;
  maxPrice: number | undefined;
  onRemove: (changes: Record<string, undefined>) => void;
}) {
  const { t, i18n } = useTranslation();
  const categories = useGetCategoriesQuery(undefined);
  const money = (units: number) => moneyInText(toMinorUnits(units) ?? 0, 'USD', i18n.language);
  const found = categories.data?.items.find((c) => c.slug === category);
  const chips = [
    category !== undefined && {
      key: 'category',
      label: found ? localized(found, 'name', i18n.language) : category,
    },
    minPrice !== undefined && {
      key: 'minPrice',
      label: t('filters.from', { amount: money(minPrice) }),
    },
    maxPrice !== undefined && {
      key: 'maxPrice',
      label: t('filters.upTo', { amount: money(maxPrice) }),
    },
  ].filter((chip): chip is { key: string; label: string } => !!chip);
  return (
    <ul className="contents">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            aria-label={t('filters.remove', { filter: chip.label })}
            onClick={() => onRemove({ [chip.key]: undefined })}
            className="flex items-center gap-1 rounded-full bg-surface px-3 py-1.5 text-sm"
          >
            {chip.label}
            <CloseIcon width={14} height={14} aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}

function CategoryFilter({
  current,
  onChange,
}: {
  current: string | undefined;
  onChange: (slug: string | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  const categories = useGetCategoriesQuery(undefined);
  const options = [
    { slug: undefined, label: t('filters.allCategories') },
    ...(categories.data?.items.map((c) => ({
      slug: c.slug,
      label: localized(c, 'name', i18n.language),
    })) ?? []),
  ];
  return (
    <fieldset className="min-w-0">
      <legend className="mb-3 font-semibold">{t('filters.category')}</legend>
      <div className="flex flex-col gap-2">
        {options.map((option) => (
          <label
            key={option.slug ?? 'all'}
            className="flex cursor-pointer items-center gap-2 text-sm"
          >
            <input
              type="radio"
              name="category"
              checked={option.slug === current}
              onChange={() => onChange(option.slug)}
              className="accent-brand"
            />
            {option.label}
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

  const inputClass = 'w-full rounded border border-neutral-300 px-2 py-1.5 text-sm';
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
      <Button type="submit" variant="outline" className="px-4 py-2">
        {t('filters.apply')}
      </Button>
    </form>
  );
}
