import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type {
  Category,
  Product,
  ProductListQuery,
  ProductSort,
  SuggestionList,
} from '@souq/contracts/catalog';
import { SUGGESTION_LIMIT } from '@souq/contracts/catalog';
import { toProduct } from './product-mapper';
import { CATALOG_CACHE_TTL_MS, shortLivedCache } from './short-lived-cache';
import type { Db } from '../../db/connection';
import { toIsoString } from '../../db/dialect';
import type { Database } from '../../db/schema';
import {
  ftsCorrectedQuery,
  ftsPrefixQuery,
  MIN_CORRECTABLE_LENGTH,
  searchWords,
  tsPrefixQuery,
  withinOneEdit,
} from './search-text';

type ProductFilter = Pick<ProductListQuery, 'category' | 'minPrice' | 'maxPrice'>;
type FilteredProducts = SelectQueryBuilder<Database, 'products', object>;

/**
 * How a text search selects and ranks products. `rank` is lower-is-better on both databases.
 * "none" means the text holds no word at all (only symbols or emoji): nothing matches.
 */
type SearchPlan =
  | { kind: 'fts'; match: string }
  | { kind: 'tsquery'; query: string }
  | { kind: 'trigram'; text: string }
  | { kind: 'none' };

const COUNT_CACHE_ENTRIES = 500;
/** Vocabulary terms read per letter when looking for a typo's correction. */
const CORRECTION_SCAN_LIMIT = 20_000;

/** The expression the PostgreSQL trigram index covers; it must be written the same way here. */
const trigramNames = sql<string>`lower(products.name || ' ' || coalesce(products.name_ar, ''))`;

function isUnfiltered(filter: ProductFilter): boolean {
  return !filter.category && filter.minPrice === undefined && filter.maxPrice === undefined;
}

export function createCatalogRepository(db: Db, clock: () => Date = () => new Date()) {
  const { kysely, dialect } = db;
  /** Totals per filter, shared by every page and sort of that filter (decision 002). */
  const counts = shortLivedCache<number>({
    ttlMs: CATALOG_CACHE_TTL_MS,
    maxEntries: COUNT_CACHE_ENTRIES,
    now: () => clock().getTime(),
  });

  /** Every product column a response needs, for the rows of one page (or one product). */
  function selectProductRows<O>(query: SelectQueryBuilder<Database, 'products', O>) {
    const now = clock().toISOString();
    return query
      .innerJoin('categories', 'categories.id', 'products.category_id')
      .leftJoin('flash_sale_products', 'flash_sale_products.product_id', 'products.id')
      .leftJoin('flash_sales', (join) =>
        join
          .onRef('flash_sales.id', '=', 'flash_sale_products.flash_sale_id')
          .on('flash_sales.starts_at', '<=', now)
          .on('flash_sales.ends_at', '>', now),
      )
      .select([
        'products.id',
        'products.slug',
        'products.name',
        'products.description',
        'products.name_ar',
        'products.description_ar',
        'products.price_cents',
        'products.compare_at_cents',
        'products.currency',
        'products.images',
        'products.rating_average',
        'products.rating_count',
        'products.stock',
        'products.colours',
        'products.sizes',
        'products.created_at',
        'categories.slug as category_slug',
        'categories.name as category_name',
        'categories.name_ar as category_name_ar',
        'flash_sales.ends_at as flash_sale_ends_at',
      ]);
  }

  function filtered(filter: ProductFilter, search: SearchPlan | null): FilteredProducts {
    let q: FilteredProducts = kysely.selectFrom('products');
    if (filter.category) {
      const category = filter.category;
      q = q.where('products.category_id', '=', (eb) =>
        eb.selectFrom('categories').select('categories.id').where('categories.slug', '=', category),
      );
    }
    if (filter.minPrice !== undefined) q = q.where('products.price_cents', '>=', filter.minPrice);
    if (filter.maxPrice !== undefined) q = q.where('products.price_cents', '<=', filter.maxPrice);
    if (!search) return q;
    switch (search.kind) {
      case 'fts':
        return q
          .innerJoin('products_fts', 'products_fts.rowid', 'products.id')
          .where(sql<SqlBool>`products_fts match ${search.match}`);
      case 'tsquery':
        return q.where(
          sql<SqlBool>`products.search_vector @@ to_tsquery('simple'::regconfig, ${search.query})`,
        );
      case 'trigram':
        return q.where(sql<SqlBool>`${trigramNames} %> ${search.text}`);
      case 'none':
        return q.where(sql<SqlBool>`1 = 0`);
    }
  }

  /** Relevance, lower is better: names outweigh descriptions ten to one. */
  function rankOf(search: SearchPlan): RawBuilder<number> {
    switch (search.kind) {
      case 'fts':
        return sql<number>`bm25(products_fts, 10.0, 10.0, 1.0, 1.0)`;
      case 'tsquery':
        return sql<number>`-ts_rank(products.search_vector, to_tsquery('simple'::regconfig, ${search.query}))`;
      case 'trigram':
        return sql<number>`-word_similarity(${search.text}, ${trigramNames})`;
      case 'none':
        return sql<number>`0`;
    }
  }

  /** The first plan for a text: every word as a prefix, in the database's full-text index. */
  function prefixPlan(words: string[]): SearchPlan {
    if (words.length === 0) return { kind: 'none' };
    return dialect === 'sqlite'
      ? { kind: 'fts', match: ftsPrefixQuery(words) }
      : { kind: 'tsquery', query: tsPrefixQuery(words) };
  }

  /** The plan when the prefix search found nothing: allow one typo per word. */
  async function typoPlan(words: string[]): Promise<SearchPlan | null> {
    // pg_trgm's word-similarity threshold (0.6 by default) decides what is close enough.
    if (dialect === 'postgres') return { kind: 'trigram', text: words.join(' ') };
    const corrections: string[][] = [];
    for (const word of words) {
      if (word.length < MIN_CORRECTABLE_LENGTH) {
        corrections.push([]);
        continue;
      }
      // Terms sharing the first letter: typos rarely hit it, and the range keeps the scan short.
      const first = String.fromCodePoint(word.codePointAt(0) ?? 0);
      const terms = await kysely
        .selectFrom('products_fts_terms')
        .select('term')
        .where('term', '>=', first)
        .where('term', '<', first + '\u{10ffff}')
        .limit(CORRECTION_SCAN_LIMIT)
        .execute();
      corrections.push(
        terms.map((t) => t.term).filter((term) => term !== word && withinOneEdit(term, word)),
      );
    }
    if (corrections.every((c) => c.length === 0)) return null;
    return { kind: 'fts', match: ftsCorrectedQuery(words, corrections) };
  }

  /**
   * One page as product ids in order, read from the sort's index (or every match's rank); the
   * full rows are read by id afterwards. A plain text search on SQLite ranks inside the FTS
   * index alone, which saves a products lookup for every match.
   */
  async function pageIds(
    filter: ProductFilter,
    search: SearchPlan | null,
    sort: ProductSort,
    limit: number,
    offset: number,
  ): Promise<number[]> {
    if (search?.kind === 'fts' && sort === 'relevance' && isUnfiltered(filter)) {
      const rows = await kysely
        .selectFrom('products_fts')
        .select(['products_fts.rowid as id', rankOf(search).as('rank')])
        .where(sql<SqlBool>`products_fts match ${search.match}`)
        .orderBy('rank')
        .orderBy('products_fts.rowid')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((r) => r.id);
    }
    const byRank = search !== null && sort === 'relevance';
    let ids = filtered(filter, search).select([
      'products.id',
      (byRank ? rankOf(search) : sql<number>`0`).as('rank'),
    ]);
    if (byRank) ids = ids.orderBy('rank');
    const rows = await orderFor(sort)
      .reduce((q, [column, dir]) => q.orderBy(column, dir), ids)
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Full rows for ids, in the ids' order. */
  async function productsByIds(ids: number[]): Promise<Product[]> {
    if (ids.length === 0) return [];
    const rows = await selectProductRows(kysely.selectFrom('products'))
      .where('products.id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toProduct(row)] : [];
    });
  }

  function countOf(filter: ProductFilter, search: SearchPlan | null): Promise<number> {
    const key = JSON.stringify([filter.category, filter.minPrice, filter.maxPrice, search]);
    return counts.get(key, async () => {
      const total = sql<number>`count(*)`.as('total');
      const row =
        search?.kind === 'fts' && isUnfiltered(filter)
          ? await kysely
              .selectFrom('products_fts')
              .select(total)
              .where(sql<SqlBool>`products_fts match ${search.match}`)
              .executeTakeFirstOrThrow()
          : await filtered(filter, search).select(total).executeTakeFirstOrThrow();
      return row.total;
    });
  }

  /** The search plan for a text that finds something: prefixes first, then one typo. */
  async function planFor(
    filter: ProductFilter,
    text: string | undefined,
  ): Promise<{ search: SearchPlan | null; total: number }> {
    if (!text) return { search: null, total: await countOf(filter, null) };
    const words = searchWords(text);
    const prefix = prefixPlan(words);
    const total = await countOf(filter, prefix);
    if (total > 0 || prefix.kind === 'none') return { search: prefix, total };
    const typo = await typoPlan(words);
    if (!typo) return { search: prefix, total: 0 };
    return { search: typo, total: await countOf(filter, typo) };
  }

  async function readCategories(): Promise<Category[]> {
    const rows = await kysely
      .selectFrom('categories')
      .leftJoin('products', 'products.category_id', 'categories.id')
      .select([
        'categories.slug',
        'categories.name',
        'categories.name_ar',
        (eb) => eb.fn.count<number>('products.id').as('product_count'),
      ])
      .groupBy([
        'categories.id',
        'categories.slug',
        'categories.name',
        'categories.name_ar',
        'categories.position',
      ])
      .orderBy('categories.position')
      .orderBy('categories.id')
      .execute();
    return rows.map((r) => ({
      slug: r.slug,
      name: r.name,
      translations: r.name_ar ? { ar: { name: r.name_ar } } : {},
      productCount: r.product_count,
    }));
  }

  return {
    /** Every category with its product count (a pass over the catalog). */
    listCategories: readCategories,

    async listProducts(query: ProductListQuery): Promise<{ items: Product[]; total: number }> {
      const { search, total } = await planFor(query, query.q);
      const offset = (query.page - 1) * query.limit;
      if (total === 0 || offset >= total) return { items: [], total };
      // Relevance needs text to be relevant to: without it, best sellers come first.
      const sort = query.sort === 'relevance' && !search ? 'best_selling' : query.sort;
      const ids = await pageIds(query, search, sort, query.limit, offset);
      return { items: await productsByIds(ids), total };
    },

    async suggest(text: string): Promise<SuggestionList['items']> {
      const { search, total } = await planFor({}, text);
      if (!search || total === 0) return [];
      const ids = await pageIds({}, search, 'relevance', SUGGESTION_LIMIT, 0);
      if (ids.length === 0) return [];
      const rows = await kysely
        .selectFrom('products')
        .innerJoin('categories', 'categories.id', 'products.category_id')
        .select([
          'products.id',
          'products.slug',
          'products.name',
          'products.price_cents',
          'products.currency',
          'products.images',
          'categories.slug as category_slug',
          'categories.name as category_name',
          'categories.name_ar as category_name_ar',
        ])
        .where('products.id', 'in', ids)
        .execute();
      rows.sort((x, y) => ids.indexOf(x.id) - ids.indexOf(y.id));
      return rows.map((r) => ({
        id: r.id,
        slug: r.slug,
        name: r.name,
        price: r.price_cents,
        currency: r.currency,
        category: {
          slug: r.category_slug,
          name: r.category_name,
          translations: r.category_name_ar ? { ar: { name: r.category_name_ar } } : {},
        },
        image: (JSON.parse(r.images) as string[])[0] ?? '',
      }));
    },

    async findProduct(idOrSlug: string): Promise<Product | undefined> {
      const byId = /^\d{1,9}$/.test(idOrSlug);
      const row = await selectProductRows(kysely.selectFrom('products'))
        .where(byId ? 'products.id' : 'products.slug', '=', byId ? Number(idOrSlug) : idOrSlug)
        .executeTakeFirst();
      return row && toProduct(row);
    },

    /** The sale running now that ends first, with its products (best sellers first). */
    async currentFlashSale(): Promise<{ name: string; endsAt: string; items: Product[] } | null> {
      const now = clock().toISOString();
      const sale = await kysely
        .selectFrom('flash_sales')
        .select(['id', 'name', 'ends_at'])
        .where('starts_at', '<=', now)
        .where('ends_at', '>', now)
        .orderBy('ends_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (!sale) return null;
      const rows = await selectProductRows(kysely.selectFrom('products'))
        .where('flash_sale_products.flash_sale_id', '=', sale.id)
        .orderBy('products.sales_count', 'desc')
        .orderBy('products.id')
        .execute();
      return { name: sale.name, endsAt: toIsoString(sale.ends_at), items: rows.map(toProduct) };
    },
  };
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
        ['products.id', 'desc'],
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
    // Ties in relevance: the id keeps pages stable.
    case 'relevance':
      return [['products.id', 'asc']];
    case 'best_selling':
      return [
        ['products.sales_count', 'desc'],
        ['products.id', 'asc'],
      ];
  }
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
