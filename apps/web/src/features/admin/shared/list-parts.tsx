import { useId, type ReactNode, type SyntheticEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
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

/** Fixed coupon amounts are in the shop's currency, the one its prices are in. */
export const SHOP_CURRENCY = 'USD';

export const controlClass = `${inputClass} min-h-11 bg-white border border-neutral-300`;

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
  const [params, setParams] = useSearchParams();
  const id = useId();
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of ['q', 'state']) {
      const value = form.get(key);
      if (typeof value === 'string' && value.trim()) next.set(key, value.trim());
    }
    setParams(next);
  };
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={submit}
      key={params.toString()}
      className="mb-6 flex flex-wrap items-end gap-3 rounded bg-white p-4 shadow-sm"
    >
      <label className="flex min-w-0 flex-1 basis-56 flex-col gap-1 text-sm" htmlFor={`${id}-q`}>
        {searchLabel}
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          defaultValue={params.get('q') ?? ''}
          maxLength={100}
          placeholder={hint}
          className={controlClass}
        />
      </label>
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
      <div className="flex items-center gap-3">
        <Button type="submit" className="min-h-11">
          {t('marketing.search')}
        </Button>
        <Link
          to={clearTo}
          className="inline-flex min-h-11 items-center px-2 underline hover:text-brand"
        >
          {t('marketing.clear')}
        </Link>
      </div>
      {extra}
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
