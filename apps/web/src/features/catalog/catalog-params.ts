import type { Product } from '@souq/contracts/catalog';
import { productSorts, type ProductSort } from '@souq/contracts/catalog-values';
import { parseMoney } from '@souq/contracts/money';
import type { ProductListParams } from '../../lib/catalog-api';
import { searchQueryIn } from '../../lib/paths';
import { PAGE_SIZE, readPageParam } from './pagination';

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

/** Minor units for the API, in the currency the catalog's prices are in. */
export const toMinorUnits = (units: number | undefined) =>
  units === undefined ? undefined : (parseMoney(String(units), 'USD') ?? undefined);

export function readCategory(value: string | null): string | undefined {
  const slug = value?.trim();
  return slug && slug.length <= 100 ? slug : undefined;
}

/** A colour or size as the URL names it (the shop's own name for it), or undefined. */
function readFacetValue(value: string | null): string | undefined {
  const text = value?.trim();
  return text && text.length <= 100 ? text : undefined;
}

/** The filters beyond category and price, as they live in every list's URL and the API reads them. */
export interface FacetFilters {
  colour: string | undefined;
  size: string | undefined;
  inStock: 'true' | undefined;
  onSale: 'true' | undefined;
  minRating: number | undefined;
}

export const facetFilterKeys = ['colour', 'size', 'inStock', 'onSale', 'minRating'] as const;

export function readFacetFilters(params: URLSearchParams): FacetFilters {
  const rating = params.get('minRating');
  return {
    colour: readFacetValue(params.get('colour')),
    size: readFacetValue(params.get('size')),
    inStock: params.get('inStock') === 'true' ? 'true' : undefined,
    onSale: params.get('onSale') === 'true' ? 'true' : undefined,
    minRating: rating !== null && /^[1-4]$/.test(rating) ? Number(rating) : undefined,
  };
}

/** Whether any filter but the page's own scope (its search or category) is in force. */
export function hasFilters(view: {
  category?: string | undefined;
  minPrice: number | undefined;
  maxPrice: number | undefined;
  facets: FacetFilters;
}): boolean {
  return (
    view.category !== undefined ||
    view.minPrice !== undefined ||
    view.maxPrice !== undefined ||
    Object.values(view.facets).some((value) => value !== undefined)
  );
}

/** A list's parameters without its sort and page: what its facet counts are about. */
export function facetQueryOf(
  params: ProductListParams,
): Omit<ProductListParams, 'sort' | 'page' | 'limit'> {
  const filters = { ...params };
  delete filters.sort;
  delete filters.page;
  delete filters.limit;
  return filters;
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

/*
 * Each catalog page's view from its URL and the API reads it makes. The pages and their server
 * rendering (page-data.ts) both read them here, so the reads the server embeds in the page are
 * exactly the ones the page asks for when it hydrates.
 */

/** `/productS?category=&minPrice=&maxPrice=&colour=&size=&inStock=&onSale=&minRating=&sort=&page=`. */
export function readProductsView(params: URLSearchParams) {
  const page = readPageParam(params.get('page'));
  const sort = readSort(params.get('sort'), 'best_selling');
  const category = readCategory(params.get('category'));
  // A hand-edited link with the bounds swapped still shows something sensible.
  const { minPrice, maxPrice } = readPriceBand(params);
  const facets = readFacetFilters(params);
  const products: ProductListParams = {
    category,
    sort,
    minPrice: toMinorUnits(minPrice),
    maxPrice: toMinorUnits(maxPrice),
    ...facets,
    page,
    limit: PAGE_SIZE,
  };
  return { page, sort, category, minPrice, maxPrice, facets, products };
}

/** Price bands in whole units from the URL, swapped back when a hand-edited link has them reversed. */
function readPriceBand(params: URLSearchParams) {
  let minPrice = readPriceUnits(params.get('minPrice'));
  let maxPrice = readPriceUnits(params.get('maxPrice'));
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    [minPrice, maxPrice] = [maxPrice, minPrice];
  }
  return { minPrice, maxPrice };
}

/**
 * `/category?category=slug&sort=&page=` and the same filters as `/productS` but the category;
 * no products are read until a category is chosen.
 */
export function readCategoryView(params: URLSearchParams) {
  const chosen = readCategory(params.get('category'));
  const page = readPageParam(params.get('page'));
  const sort = readSort(params.get('sort'), 'best_selling');
  const { minPrice, maxPrice } = readPriceBand(params);
  const facets = readFacetFilters(params);
  const products: ProductListParams = {
    category: chosen,
    sort,
    minPrice: toMinorUnits(minPrice),
    maxPrice: toMinorUnits(maxPrice),
    ...facets,
    page,
    limit: PAGE_SIZE,
  };
  return { chosen, page, sort, minPrice, maxPrice, facets, products };
}

/** `/search?query=&category=&sort=&page=` and the same filters as `/productS`; no search is made for an empty query. */
export function readSearchView(params: URLSearchParams) {
  const query = searchQueryIn(params);
  const page = readPageParam(params.get('page'));
  const sort = readSort(params.get('sort'), 'relevance');
  const category = readCategory(params.get('category'));
  const { minPrice, maxPrice } = readPriceBand(params);
  const facets = readFacetFilters(params);
  const products: ProductListParams = {
    q: query,
    category,
    sort,
    minPrice: toMinorUnits(minPrice),
    maxPrice: toMinorUnits(maxPrice),
    ...facets,
    page,
    limit: PAGE_SIZE,
  };
  return { query, page, sort, category, minPrice, maxPrice, facets, products };
}

const RELATED_COUNT = 4;

/** The product page's related items: best sellers of its category, itself left out. */
export const relatedProducts = {
  count: RELATED_COUNT,
  query: (product: Product): ProductListParams => ({
    category: product.category.slug,
    sort: 'best_selling',
    limit: RELATED_COUNT + 1,
  }),
};
