import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Category, Product, ProductListQuery, ProductSort } from '@souq/contracts/catalog';
import type { Db } from '../../db/connection';
import { toIsoString } from '../../db/dialect';
import type { Database } from '../../db/schema';

type ProductQuery = SelectQueryBuilder<Database, 'products' | 'categories', object>;

const productColumns = [
  'products.id',
  'products.slug',
  'products.name',
  'products.description',
  'products.price_cents',
  'products.compare_at_cents',
  'products.currency',
  'products.images',
  'products.rating_average',
  'products.rating_count',
  'products.stock',
  'products.created_at',
  'categories.slug as category_slug',
  'categories.name as category_name',
] as const;

type ProductRow = Awaited<ReturnType<ReturnType<typeof selectProducts>['executeTakeFirstOrThrow']>>;

function selectProducts(kysely: Kysely<Database>) {
  return kysely
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .select(productColumns);
}

function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    price: row.price_cents,
    compareAtPrice: row.compare_at_cents,
    currency: row.currency,
    images: JSON.parse(row.images) as string[],
    category: { slug: row.category_slug, name: row.category_name, translations: {} },
    rating: { average: Math.round(row.rating_average * 10) / 10, count: row.rating_count },
    stock: row.stock,
    // the columns for these arrive with the catalog's next migration
    colours: [],
    sizes: [],
    flashSale: null,
    translations: {},
    createdAt: toIsoString(row.created_at),
  };
}

/** LIKE pattern for a literal substring: %, _ and \ in the shopper's text match themselves. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type SortKey = [
  `products.${'price_cents' | 'created_at' | 'rating_average' | 'rating_count' | 'sales_count' | 'id'}`,
  'asc' | 'desc',
];

/** Every order ends with the id so pages never overlap or skip rows that tie. */
function orderFor(sort: ProductSort): SortKey[] {
  switch (sort) {
    case 'price_asc':
      return [
        ['products.price_cents', 'asc'],
        ['products.id', 'asc'],
      ];
    case 'price_desc':
      return [
        ['products.price_cents', 'desc'],
        ['products.id', 'asc'],
      ];
    case 'newest':
      return [
        ['products.created_at', 'desc'],
        ['products.id', 'desc'],
      ];
    case 'rating':
      return [
        ['products.rating_average', 'desc'],
        ['products.rating_count', 'desc'],
        ['products.id', 'asc'],
      ];
    case 'relevance':
    case 'best_selling':
      return [
        ['products.sales_count', 'desc'],
        ['products.id', 'asc'],
      ];
  }
}

export function createCatalogRepository(db: Db) {
  const { kysely } = db;

  function applyFilters(query: ProductQuery, filters: ProductListQuery): ProductQuery {
    let q = query;
    if (filters.category) q = q.where('categories.slug', '=', filters.category);
    if (filters.minPrice !== undefined) q = q.where('products.price_cents', '>=', filters.minPrice);
    if (filters.maxPrice !== undefined) q = q.where('products.price_cents', '<=', filters.maxPrice);
    if (filters.q) {
      const pattern = containsPattern(filters.q);
      q = q.where((eb: ExpressionBuilder<Database, 'products' | 'categories'>) =>
        eb.or([
          sql<boolean>`lower(products.name) like ${pattern} escape '\\'`,
          sql<boolean>`lower(products.description) like ${pattern} escape '\\'`,
        ]),
      );
    }
    return q;
  }

  return {
    async listCategories(): Promise<Category[]> {
      const rows = await kysely
        .selectFrom('categories')
        .leftJoin('products', 'products.category_id', 'categories.id')
        .select([
          'categories.slug',
          'categories.name',
          (eb) => eb.fn.count<number>('products.id').as('product_count'),
        ])
        .groupBy(['categories.id', 'categories.slug', 'categories.name', 'categories.position'])
        .orderBy('categories.position')
        .orderBy('categories.id')
        .execute();
      return rows.map((r) => ({
        slug: r.slug,
        name: r.name,
        translations: {},
        productCount: r.product_count,
      }));
    },

    async listProducts(filters: ProductListQuery): Promise<{ items: Product[]; total: number }> {
      const base = applyFilters(
        kysely
          .selectFrom('products')
          .innerJoin('categories', 'categories.id', 'products.category_id'),
        filters,
      );
      const page = orderFor(filters.sort).reduce(
        (q, [column, direction]) => q.orderBy(column, direction),
        base.select(productColumns),
      );
      const [rows, count] = await Promise.all([
        page
          .limit(filters.limit)
          .offset((filters.page - 1) * filters.limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toProduct), total: count.total };
    },

    async findProduct(idOrSlug: string): Promise<Product | undefined> {
      const byId = /^\d{1,9}$/.test(idOrSlug);
      const row = await selectProducts(kysely)
        .where(byId ? 'products.id' : 'products.slug', '=', byId ? Number(idOrSlug) : idOrSlug)
        .executeTakeFirst();
      return row && toProduct(row);
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
