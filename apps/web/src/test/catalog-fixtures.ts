import type { Product } from '@souq/contracts/catalog';

/**
 * A product as GET /api/products returns it (the contract's Product type), with overrides. Unless
 * `variants` is given it has one variant (one colour, one size) holding its whole stock.
 */
export function productFixture(id: number, overrides: Partial<Product> = {}): Product {
  const stock = overrides.stock ?? 20;
  return {
    id,
    slug: `product-${id}`,
    name: `Product ${id}`,
    description: `The description of product ${id}.`,
    price: 1999,
    compareAtPrice: null,
    currency: 'USD',
    images: [`/images/products/product-${id}.svg`],
    category: { slug: 'phones', name: 'Phones', translations: { ar: { name: 'هواتف' } } },
    rating: { average: 4.5, count: 88 },
    stock,
    colours: [],
    sizes: [],
    variants: [{ id: id * 100, colour: null, size: null, stock }],
    flashSale: null,
    translations: {},
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}
