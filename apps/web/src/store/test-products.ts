import type { ProductSummary } from '@souq/contracts/catalog';

export function productSummary(
  id: number,
  overrides: Partial<ProductSummary> = {},
): ProductSummary {
  return {
    id,
    slug: `product-${id}`,
    name: `Product ${id}`,
    price: 1000 * id,
    compareAtPrice: null,
    currency: 'USD',
    stock: 10,
    image: `/images/products/product-${id}.svg`,
    translations: {},
    ...overrides,
  };
}
