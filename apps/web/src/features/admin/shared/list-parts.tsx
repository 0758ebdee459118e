import { useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useAdminTranslation } from './admin-i18n';

/**
 * Times are typed and shown in the shop's time zone, UTC, whatever the device's: a sale that
 * starts "at 09:00" starts at the same moment for every staff member.
 */
export const SHOP_TIME_ZONE = 'UTC';

/** An ISO time as a datetime-local input's value in the shop's time zone (to the minute). */
export function toShopInput(iso: string | null): string {
  return iso ? new Date(iso).toISOString().slice(0, 16) : '';
}

/** A datetime-local input's value, read in the shop's time zone, as ISO; null when empty. */
export function fromShopInput(value: string): string | null {
  if (!value) return null;
  const time = Date.parse(`${value}:00Z`);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

export const controlClass = `${inputClass} min-h-11 bg-white border border-neutral-300`;

/**
 * A list search form's submit: its filled-in fields become the URL's query, so a list can be
 * bookmarked; a new search starts at the first page.
 */
function useSearchSubmit(names: readonly string[]) {
  const [, setParams] = useSearchParams();
  return (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of names) {
      const value = form.get(name);
      if (typeof value === 'string' && value.trim()) next.set(name, value.trim());
    }
    setParams(next);
  };
}

/** A list's search box, the query's `q`. */
function SearchBox({
  label,
  hint,
  defaultValue,
  className,
}: {
  label: string;
  hint?: string;
  defaultValue: string;
  className: string;
}) {
  const id = useId();
  return (
    <label className={className} htmlFor={id}>
      {label}
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={defaultValue}
        maxLength={100}
        placeholder={hint}
        className={controlClass}
      />
    </label>
  );
}

/** Submit a list's search, or clear it by going to the list's bare address. */
function SearchButtons({
  apply,
  clear,
  clearTo,
  className,
}: {
  apply: string;
  clear: string;
  clearTo: string;
  className: string;
}) {
  return (
    <div className={className}>
      <Button type="submit" className="min-h-11">
        {apply}
      </Button>
      <Link
        to={clearTo}
        className="inline-flex min-h-11 items-center px-2 underline hover:text-brand"
      >
        {clear}
      </Link>
    </div>
  );
}

/**
 * A list's search box and optional state filter, kept in the URL so a list can be bookmarked;
 * a new search starts at the first page.
 */
export function ListSearch({
  label,
  searchLabel,
  hint,
  states,
  stateLabel,
  anyState,
  clearTo,
  extra,
}: {
  label: string;
  searchLabel: string;
  hint?: string;
  states?: { value: string; label: string }[];
  stateLabel?: string;
  anyState?: string;
  clearTo: string;
  extra?: ReactNode;
}) {
  const { t } = useAdminTranslation();
  const [params] = useSearchParams();
  const submit = useSearchSubmit(['q', 'state']);
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={submit}
      key={params.toString()}
      className="mb-6 flex flex-wrap items-end gap-3 rounded bg-white p-4 shadow-sm"
    >
      <SearchBox
        label={searchLabel}
        hint={hint}
        defaultValue={params.get('q') ?? ''}
        className="flex min-w-0 flex-1 basis-56 flex-col gap-1 text-sm"
      />
      {states && (
        <label className="flex basis-40 flex-col gap-1 text-sm">
          {stateLabel}
          <select name="state" defaultValue={params.get('state') ?? ''} className={controlClass}>
            <option value="">{anyState}</option>
            {states.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      )}
      <SearchButtons
        apply={t('marketing.search')}
        clear={t('marketing.clear')}
        clearTo={clearTo}
        className="flex items-center gap-3"
      />
      {extra}
    </form>
  );
}

/** One filter of a list: a choice among values (or any), or a day. */
export type ListFilter = { name: string; label: string } & (
  { anyLabel: string; options: readonly { value: string; label: string }[] } | { type: 'date' }
);

/** The words of a filter panel, in the list's own terms ("Show orders", "Search products"). */
export interface ListFiltersText {
  /** The search form's name for assistive technology. */
  label: string;
  search: string;
  searchHint: string;
  /** What the folded filters are called on a phone. */
  filters: string;
  apply: string;
  clear: string;
}

interface ListFiltersProps {
  /** The list's query as read from the URL (`readListQuery`). */
  query: object;
  filters: readonly ListFilter[];
  text: ListFiltersText;
  /** The list's bare address. */
  clearTo: string;
}

/**
 * A long list's filter panel: its search box and filters, read from the list's query and put in
 * the URL on submit. On a phone the filters fold away under the search (open while one is set),
 * so the first rows are on screen.
 */
export function ListFilters(props: ListFiltersProps) {
  const [params] = useSearchParams();
  // Keyed so the fields show the URL's values after Back or a link to a filtered list.
  return <FilterPanel key={params.toString()} {...props} />;
}

function FilterPanel({ query, filters, text, clearTo }: ListFiltersProps) {
  const values = query as Record<string, string | number | boolean | undefined>;
  const valueOf = (name: string) => (values[name] === undefined ? '' : String(values[name]));
  const wide = useMediaQuery('(min-width: 640px)');
  const [showFilters, setShowFilters] = useState(filters.some((f) => valueOf(f.name) !== ''));
  const submit = useSearchSubmit(['q', ...filters.map((f) => f.name)]);
  const field = 'flex flex-col gap-1 text-sm';
  return (
    <form
      role="search"
      aria-label={text.label}
      onSubmit={submit}
      className="mb-6 grid gap-3 rounded bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-6"
    >
      <SearchBox
        label={text.search}
        hint={text.searchHint}
        defaultValue={valueOf('q')}
        className={`${field} sm:col-span-2`}
      />
      <details
        open={wide || showFilters}
        onToggle={(event) => setShowFilters(event.currentTarget.open)}
        className="sm:col-span-2 lg:col-span-4"
      >
        <summary className="flex min-h-11 cursor-pointer items-center font-medium sm:hidden">
          {text.filters}
          <span aria-hidden="true" className="ms-2 text-sm">
            ▾
          </span>
        </summary>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {filters.map((filter) => (
            <label key={filter.name} className={field}>
              {filter.label}
              {'type' in filter ? (
                <input
                  name={filter.name}
                  type="date"
                  defaultValue={valueOf(filter.name)}
                  className={controlClass}
                />
              ) : (
                <select
                  name={filter.name}
                  defaultValue={valueOf(filter.name)}
                  className={controlClass}
                >
                  <option value="">{filter.anyLabel}</option>
                  {filter.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              )}
            </label>
          ))}
        </div>
      </details>
      <SearchButtons
        apply={text.apply}
        clear={text.clear}
        clearTo={clearTo}
        className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-6"
      />
    </form>
  );
}

/** The page number in the URL, 1 when absent or not a whole number. */
export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** A list's URL with its search kept and another page. */
export function withPage(base: string, params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  const search = next.toString();
  return search ? `${base}?${search}` : base;
}

/** A notice after an action: success in green, failure in red, read out either way. */
export function Notice({ text, failed }: { text: string; failed?: boolean }) {
  return (
    <p
      role={failed ? 'alert' : 'status'}
      className={`rounded px-4 py-3 ${failed ? 'bg-brand/10 text-brand' : 'bg-emerald-50 text-emerald-900'}`}
    >
      {text}
    </p>
  );
}
