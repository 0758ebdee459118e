import { productSorts, type ProductSort } from '@souq/contracts/catalog-values';

/*
 * The listing's view as it lives in the URL. Anything a shopper (or an old link) puts there
 * that the API would refuse is read as "not set" instead of ending in an error page.
 */

const MAX_PRICE_UNITS = 9_999_999;

export function readSort(value: string | null, fallback: ProductSort): ProductSort {
  return productSorts.find((sort) => sort === value) ?? fallback;
}

/** A whole number of currency units (the URL says minPrice=25 for $25), or undefined. */
export function readPriceUnits(value: string | null): number | undefined {
  if (value === null || !/^\d{1,7}$/.test(value)) return undefined;
  const units = Number(value);
  return units <= MAX_PRICE_UNITS ? units : undefined;
}

/** Minor units for the API: the catalog's prices are in a currency with cents. */
export const toMinorUnits = (units: number | undefined) =>
  units === undefined ? undefined : units * 100;

export function readCategory(value: string | null): string | undefined {
  const slug = value?.trim();
  return slug && slug.length <= 100 ? slug : undefined;
}

/**
 * The next URL parameters after a change to the view. Any change but a page turn goes back to
 * page 1, since the old page number means nothing in the new list.
 */
export function withParams(
  current: URLSearchParams,
  changes: Record<string, string | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, value);
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}
