import type { Product, ProductSummary } from './catalog';

/*
 * The catalog's plain values and helpers, kept free of zod so the web app can use them
 * without shipping the schemas to the browser. catalog.ts re-exports all of them.
 */

export const productSorts = [
  'relevance',
  'price_asc',
  'price_desc',
  'newest',
  'rating',
  'best_selling',
] as const;
export type ProductSort = (typeof productSorts)[number];

export const PRODUCT_PAGE_LIMIT_MAX = 100;
export const PRODUCT_PAGE_LIMIT_DEFAULT = 24;

export const SUGGESTION_LIMIT = 8;

export function toProductSummary(product: Product): ProductSummary {
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    price: product.price,
    compareAtPrice: product.compareAtPrice,
    currency: product.currency,
    stock: product.stock,
    image: product.images[0] ?? '',
    translations: Object.fromEntries(
      Object.entries(product.translations).map(([code, text]) => [code, { name: text.name }]),
    ),
  };
}
