import type {
  CategoryList,
  FlashSale,
  Product,
  ProductList,
  ProductSort,
} from '@souq/contracts/catalog';
import { api } from './api';

export interface ProductListParams {
  category?: string | undefined;
  q?: string | undefined;
  sort?: ProductSort;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
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
  endpoints: (build) => ({
    getCategories: build.query<CategoryList, undefined>({ query: () => '/categories' }),
    getProducts: build.query<ProductList, ProductListParams>({
      query: (params) => `/products?${toSearchParams(params)}`,
    }),
    getProduct: build.query<Product, string>({
      query: (idOrSlug) => `/products/${encodeURIComponent(idOrSlug)}`,
    }),
    // Not cached between visits: the countdown needs a fresh serverTime.
    getFlashSale: build.query<FlashSale, undefined>({
      query: () => '/flash-sale',
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useGetCategoriesQuery,
  useGetProductsQuery,
  useGetProductQuery,
  useGetFlashSaleQuery,
} = catalogApi;
