import type { Product, ProductList } from '@souq/contracts/catalog';
import type { PageCatalog } from '@souq/contracts/page-render';

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

/**
 * A server's page reads (PageCatalog) over one product and one list: the product by its id or
 * slug, the list for any query, no categories, a filter panel counting the list, no sale.
 */
export function pageCatalogFixture({
  product,
  list = { items: [product], total: 1, page: 1, limit: 20 },
  jsonOf = () => undefined,
}: {
  product: Product;
  list?: ProductList;
  jsonOf?: PageCatalog['jsonOf'];
}): PageCatalog {
  return {
    jsonOf,
    categories: () => Promise.resolve({ items: [] }),
    products: () => Promise.resolve(list),
    facets: () =>
      Promise.resolve({
        total: list.total,
        categories: [],
        colours: [],
        sizes: [],
        inStock: list.total,
        onSale: 0,
        ratings: [],
      }),
    product: (idOrSlug) =>
      Promise.resolve(
        idOrSlug === String(product.id) || idOrSlug === product.slug ? product : undefined,
      ),
    flashSale: () => Promise.resolve({ sale: null, serverTime: '2026-11-26T06:00:00.000Z' }),
    newestReviews: () => Promise.resolve([]),
  };
}
