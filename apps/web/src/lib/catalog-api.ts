import type {
  CategoryList,
  Facets,
  FlashSale,
  Product,
  ProductList,
  ProductSort,
} from '@souq/contracts/catalog';
import { defaultSerializeQueryArgs } from '@reduxjs/toolkit/query';
import { createContext, useContext } from 'react';
import type { AppStore } from '../store/store';
import { api } from './api';

export interface ProductListParams {
  category?: string | undefined;
  q?: string | undefined;
  sort?: ProductSort;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  colour?: string | undefined;
  size?: string | undefined;
  inStock?: 'true' | undefined;
  onSale?: 'true' | undefined;
  minRating?: number | undefined;
  page?: number;
  limit?: number;
}

function toSearchParams(params: ProductListParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return search.toString();
}

export const catalogApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getCategories: build.query<CategoryList, undefined>({ query: () => '/categories' }),
    getProducts: build.query<ProductList, ProductListParams>({
      query: (params) => `/products?${toSearchParams(params)}`,
    }),
    /** The filter panel's counts for a list's filters (its sort and page left out). */
    getFacets: build.query<Facets, Omit<ProductListParams, 'sort' | 'page' | 'limit'>>({
      query: (params) => `/facets?${toSearchParams(params)}`,
    }),
    getProduct: build.query<Product, string>({
      query: (idOrSlug) => `/products/${encodeURIComponent(idOrSlug)}`,
    }),
    getFlashSale: build.query<FlashSale, undefined>({ query: () => '/flash-sale' }),
  }),
});

type Endpoints = typeof catalogApi.endpoints;
type EndpointName = keyof Endpoints;
type QueryHook<Name extends EndpointName> = Endpoints[Name]['useQuery'];

/** The catalog reads a server render was given, by RTK Query's key for each (see `pageReads`). */
export interface PageReads {
  values: Map<string, unknown>;
  /** When the reads were made: the page's `fulfilledTimeStamp`, as seeding a store would give. */
  readAt: number;
}

const PageReadsContext = createContext<PageReads | null>(null);
export const PageReadsProvider = PageReadsContext.Provider;

function cacheKey(endpointName: EndpointName, arg: unknown): string {
  return defaultSerializeQueryArgs({
    endpointName,
    queryArgs: arg,
    endpointDefinition: catalogApi.endpoints[endpointName] as never,
  });
}

/** A page's reads keyed as RTK Query keys its cache, so a hook finds what a seeded store would. */
export function pageReads(entries: CatalogEntry[], readAt: number): PageReads {
  return {
    values: new Map(entries.map((entry) => [cacheKey(entry.endpointName, entry.arg), entry.value])),
    readAt,
  };
}

const refetchOnServer = () => {
  throw new Error('A server render does not fetch');
};

/**
 * A catalog hook as a server render runs it (decision 028): the answer RTK Query's hook gives
 * from a store seeded with the page's reads (fulfilled; still loading when the page made no such
 * read; uninitialised when skipped), found in the page's reads without a store to seed. Making
 * and seeding a store for each page (Immer, the reducers) and the hook's subscription and
 * selectors were a tenth of a product page's CPU. The browser's build uses RTK Query's own hook,
 * seeded from the same reads, so hydration starts from the same results.
 */
export function serverQuery<Name extends EndpointName>(endpointName: Name): QueryHook<Name> {
  function useServerQuery(arg: unknown, options?: { skip?: boolean }) {
    const reads = useContext(PageReadsContext);
    if (options?.skip) {
      return {
        status: 'uninitialized',
        isUninitialized: true,
        isLoading: false,
        isFetching: false,
        isSuccess: false,
        isError: false,
        refetch: refetchOnServer,
      };
    }
    const data = reads?.values.get(cacheKey(endpointName, arg));
    if (data === undefined) {
      return {
        status: 'pending',
        endpointName,
        originalArgs: arg,
        isUninitialized: false,
        isLoading: true,
        isFetching: true,
        isSuccess: false,
        isError: false,
        refetch: refetchOnServer,
      };
    }
    return {
      status: 'fulfilled',
      endpointName,
      originalArgs: arg,
      data,
      currentData: data,
      fulfilledTimeStamp: reads?.readAt,
      isUninitialized: false,
      isLoading: false,
      isFetching: false,
      isSuccess: true,
      isError: false,
      refetch: refetchOnServer,
    };
  }
  return useServerQuery as unknown as QueryHook<Name>;
}

/** The browser's catalog hooks are RTK Query's; a server render's read its page's reads. */
export const {
  useGetCategoriesQuery,
  useGetProductsQuery,
  useGetFacetsQuery,
  useGetProductQuery,
  useGetFlashSaleQuery,
} = import.meta.env.SSR
  ? {
      useGetCategoriesQuery: serverQuery('getCategories'),
      useGetProductsQuery: serverQuery('getProducts'),
      useGetFacetsQuery: serverQuery('getFacets'),
      useGetProductQuery: serverQuery('getProduct'),
      useGetFlashSaleQuery: serverQuery('getFlashSale'),
    }
  : catalogApi;

/** A catalog read the server made for a page, embedded in its HTML (decision 011). */
export type CatalogEntry =
  | { endpointName: 'getCategories'; arg: undefined; value: CategoryList }
  | { endpointName: 'getProducts'; arg: ProductListParams; value: ProductList }
  | {
      endpointName: 'getFacets';
      arg: Omit<ProductListParams, 'sort' | 'page' | 'limit'>;
      value: Facets;
    }
  | { endpointName: 'getProduct'; arg: string; value: Product }
  | { endpointName: 'getFlashSale'; arg: undefined; value: FlashSale };

/** Puts the server's reads into the cache, so the page renders with them and asks for none again. */
export function seedCatalog(store: AppStore, entries: CatalogEntry[]) {
  store.dispatch(catalogApi.util.upsertQueryEntries(entries));
}
