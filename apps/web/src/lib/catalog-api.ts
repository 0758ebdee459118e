import type {
  CategoryList,
  Facets,
  FlashSale,
  Product,
  ProductList,
  ProductSort,
} from '@souq/contracts/catalog';
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

export const {
  useGetCategoriesQuery,
  useGetProductsQuery,
  useGetFacetsQuery,
  useGetProductQuery,
  useGetFlashSaleQuery,
} = catalogApi;

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
