import type { Facets } from '@souq/contracts/catalog';
import { useState, type ReactNode, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Sheet } from '../../components/ui/sheet';
import { Swatch } from '../../components/ui/swatch';
import { localized } from '../../lib/localized';
import { useGetCategoriesQuery } from '../../lib/catalog-api';
import { readPriceUnits } from './catalog-params';
import type { Changes, ListView } from './filtered-list';

interface FilterPanelProps {
  view: ListView;
  facets: Facets | undefined;
  categoryFilter: boolean;
  onChange: (changes: Changes) => void;
}

/**
 * The filters on a phone: a sheet whose changes show at once behind it, with Clear and a button
 * that closes it naming how many products are left.
 */
export function FilterSheet({
  open,
  onClose,
  onClear,
  total,
  ...panel
}: FilterPanelProps & {
  open: boolean;
  onClose: () => void;
  onClear: () => void;
  total: number | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} onClose={onClose} title={t('filters.label')} closeLabel={t('filters.close')}>
      {/* Built as it opens: closed, its facets (dozens of colours) are elements to keep. */}
      {open && (
        <div className="flex flex-col gap-8 pb-6">
          <FilterPanel {...panel} />
        </div>
      )}
      <div className="sticky -bottom-6 -mx-6 -mb-6 flex gap-3 border-t border-neutral-200 bg-white p-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
        <Button variant="outline" className="min-h-11 flex-1 px-4" onClick={onClear}>
          {t('filters.clear')}
        </Button>
        <Button className="min-h-11 flex-[2] px-4 whitespace-nowrap" onClick={onClose}>
          {total === undefined ? t('filters.show') : t('filters.showCount', { count: total })}
        </Button>
      </div>
    </Sheet>
  );
}

/** Every filter with how many products each value would leave; values leaving none are disabled. */
export function FilterPanel({ view, facets, categoryFilter, onChange }: FilterPanelProps) {
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
