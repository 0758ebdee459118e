import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Category, Product, ProductListQuery, SuggestionList } from '@souq/contracts/catalog';
import { SUGGESTION_LIMIT } from '@souq/contracts/catalog';
import { LRUCache } from 'lru-cache';
import { catalogIndexes } from './catalog-index';
import { toNameTranslations, toProduct } from './product-mapper';
import { CATALOG_CACHE_TTL_MS, shortLivedCache } from './short-lived-cache';
import type { Db } from '../../db/connection';
import { toIsoString } from '../../db/dialect';
import { POSTGRES_TRIGRAM_NAMES } from '../../db/migrations/0009-arabic-search-folding';
import type { Database } from '../../db/schema';
import {
  ftsCorrectedQuery,
  ftsPrefixQuery,
  MIN_CORRECTABLE_LENGTH,
  searchWords,
  tsPrefixQuery,
  withinOneEdit,
} from './search-text';

/**
 * How a text search selects and ranks products. `rank` is lower-is-better on both databases.
 * "none" means the text holds no word at all (only symbols or emoji): nothing matches.
 */
type SearchPlan =
  | { kind: 'fts'; match: string }
  | { kind: 'tsquery'; query: string }
  | { kind: 'trigram'; text: string }
  | { kind: 'none' };

/** About 2 KB each in memory. */
const RECENT_PRODUCTS = 20_000;
const MATCH_SET_ENTRIES = 5_000;
/** 4 bytes a match: a text matching the whole 100 000-product catalog takes 400 KB. */
const MATCH_SET_BYTES = 32 * 1024 * 1024;
/** Vocabulary terms read per letter when looking for a typo's correction. */
const CORRECTION_SCAN_LIMIT = 20_000;

/** The expression the PostgreSQL trigram index covers; it must be written the same way here. */
const trigramNames = sql<string>`${sql.raw(POSTGRES_TRIGRAM_NAMES)}`;

export function createCatalogRepository(db: Db, clock: () => Date = () => new Date()) {
  const { kysely, dialect } = db;
  const indexes = catalogIndexes(db, () => clock().getTime());
  /**
   * Products read for list and search pages, reused by other pages for a few seconds: the
   * pages of a shop overlap (page 1 of a category under each price band, sort and search), and
   * a page's products were most of its cost (decision 002).
   */
  const recentProducts = new LRUCache<number, Product>({
    max: RECENT_PRODUCTS,
    ttl: CATALOG_CACHE_TTL_MS,
    // Read the clock on every check: a cached "now" would outlive a test clock's jump.
    ttlResolution: 0,
    perf: { now: () => clock().getTime() },
  });
  let recentVersion = 0;
  /** Each search text's matches, best first, shared by its pages, sorts and filters. */
  const matchSets = shortLivedCache<Int32Array>({
    ttlMs: CATALOG_CACHE_TTL_MS,
    maxEntries: MATCH_SET_ENTRIES,
    maxSize: { total: MATCH_SET_BYTES, of: (ids) => ids.byteLength + 64 },
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
   * Every product a plan matches, best first (ties by id) when `ranked`, else by id: one read
   * of the text index, its ids gathered into one JSON array by the database (thousands of
   * single-column rows cost more to hand over than to find). Ranking is left out when the
   * page is sorted by something else, as it costs more than the match itself.
   */
  async function matchingIds(search: SearchPlan, ranked: boolean): Promise<Int32Array> {
    if (search.kind === 'none') return new Int32Array(0);
    const order = ranked ? sql`relevance, id` : sql`id`;
    const matches =
      search.kind === 'fts'
        ? sql`select rowid as id, ${ranked ? rankOf(search) : sql`0`} as relevance
            from products_fts where products_fts match ${search.match}`
        : sql`select products.id, ${ranked ? rankOf(search) : sql`0`} as relevance from products
            where ${
              search.kind === 'tsquery'
                ? sql`products.search_vector @@ to_tsquery('simple'::regconfig, ${search.query})`
                : sql`${trigramNames} %> ${search.text}`
            }`;
    // Materialized: flattened into the aggregate, FTS5 refuses bm25() outside its own query.
    const gathered =
      dialect === 'sqlite'
        ? sql<{ ids: string }>`with m as materialized (${matches})
            select json_group_array(id order by ${order}) as ids from m`
        : sql<{ ids: number[] }>`with m as materialized (${matches})
            select coalesce(json_agg(id order by ${order}), '[]') as ids from m`;
    const [row] = (await gathered.execute(kysely)).rows;
    const ids = typeof row?.ids === 'string' ? (JSON.parse(row.ids) as number[]) : row?.ids;
    return Int32Array.from(ids ?? []);
  }

  /** Full rows for ids, in the ids' order, of the catalog at `version`. */
  async function productsByIds(ids: number[], version: number): Promise<Product[]> {
    // A catalog edit shows at once; stock, which orders change, within the cache's seconds.
    if (version !== recentVersion) {
      recentProducts.clear();
      recentVersion = version;
    }
    const found = new Map<number, Product>();
    const missing: number[] = [];
    for (const id of ids) {
      const product = recentProducts.get(id);
      if (product) found.set(id, product);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const rows = await selectProductRows(kysely.selectFrom('products'))
        .where('products.id', 'in', missing)
        .execute();
      for (const row of rows) {
        const product = toProduct(row);
        recentProducts.set(row.id, product);
        found.set(row.id, product);
      }
    }
    return ids.flatMap((id) => {
      const product = found.get(id);
      return product ? [product] : [];
    });
  }

  /**
   * What a text matches, best first if `ranked`: every word as a prefix, else with one typo per word. Kept
   * per text and catalog version for a few seconds, since every page, sort and filter of a
   * search shares it (decision 002).
   */
  function matchesFor(text: string, version: number, ranked: boolean): Promise<Int32Array> {
    const words = searchWords(text);
    return matchSets.get(JSON.stringify([version, ranked, words]), async () => {
      const prefix = await matchingIds(prefixPlan(words), ranked);
      if (prefix.length > 0 || words.length === 0) return prefix;
      const typo = await typoPlan(words);
      return typo ? matchingIds(typo, ranked) : prefix;
    });
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
      const index = await indexes.current();
      const offset = (query.page - 1) * query.limit;
      const { ids, total } = query.q
        ? index.pageOfMatches(
            await matchesFor(query.q, index.version, query.sort === 'relevance'),
            query,
            query.sort,
            offset,
            query.limit,
          )
        : // Relevance needs text to be relevant to: without it, best sellers come first.
          index.page(
            query,
            query.sort === 'relevance' ? 'best_selling' : query.sort,
            offset,
            query.limit,
          );
      return { items: await productsByIds(ids, index.version), total };
    },

    async suggest(text: string): Promise<SuggestionList['items']> {
      const index = await indexes.current();
      const ids = Array.from(
        (await matchesFor(text, index.version, true)).subarray(0, SUGGESTION_LIMIT),
      );
      if (ids.length === 0) return [];
      const rows = await kysely
        .selectFrom('products')
        .innerJoin('categories', 'categories.id', 'products.category_id')
        .select([
          'products.id',
          'products.slug',
          'products.name',
          'products.name_ar',
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
        translations: toNameTranslations(r.name_ar),
      }));
    },

    /** How many products the shop has: the sitemap's number of files. */
    async countProducts(): Promise<number> {
      const row = await kysely
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Product ids in id order, `limit` from `offset`: the sitemap reads the catalog in pages. */
    async productIdPage(offset: number, limit: number): Promise<number[]> {
      const rows = await kysely
        .selectFrom('products')
        .select('id')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((row) => row.id);
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

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
