import type { SelectQueryBuilder } from 'kysely';
import type {
  Category,
  FacetQuery,
  Facets,
  Product,
  ProductListQuery,
  SuggestionList,
} from '@souq/contracts/catalog';
import { SUGGESTION_LIMIT } from '@souq/contracts/catalog';
import { catalogIndexes } from './catalog-index';
import { liveVariantsOf, productRowColumns, shownOnStorefront, toProduct } from './product-mapper';
import { categoryNamesOf, nameTranslationsOf, productTextsOf } from './catalog-translations';
import type { Db } from '../../db/connection';
import { toIsoString } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { searchWords } from './search-text';
import type { CatalogIndex } from './catalog-index';
import type { Matches } from './search-index';

const ITEMS_OPEN = Buffer.from('{"items":');

export function createCatalogRepository(db: Db, clock: () => Date = () => new Date()) {
  // Reads only: the catalog answers while an import's transaction holds the writer (SQLite).
  const kysely = db.reads;
  const indexes = catalogIndexes(db, () => clock().getTime());
  /** Every product column a response needs, for the rows of one page (or one product). */
  function selectProductRows<O>(query: SelectQueryBuilder<Database, 'products', O>) {
    const now = clock().toISOString();
    return (
      query
        .innerJoin('categories', 'categories.id', 'products.category_id')
        // A product is in at most one running sale (decision 016), so this adds no rows.
        .leftJoin(
          (eb) =>
            eb
              .selectFrom('flash_sale_products')
              .innerJoin('flash_sales', 'flash_sales.id', 'flash_sale_products.flash_sale_id')
              .where('flash_sales.starts_at', '<=', now)
              .where('flash_sales.ends_at', '>', now)
              .select(['flash_sale_products.product_id', 'flash_sales.ends_at'])
              .as('running_sale'),
          (join) => join.onRef('running_sale.product_id', '=', 'products.id'),
        )
        .select([...productRowColumns, 'running_sale.ends_at as flash_sale_ends_at'])
    );
  }

  /**
   * What a text matches: every word as a prefix, else with one typo per word, from the catalog
   * index's text index (a pass over a few postings: cheaper than keeping it).
   */
  function matchesFor(text: string, index: CatalogIndex): Matches {
    return index.text.search(searchWords(text));
  }

  /** Every category in the shop's order, with how many products the storefront shows in it. */
  async function readCategories(): Promise<Category[]> {
    // The counts come from the catalog index: counting the products of each category in the
    // database was a pass over the whole catalog on every uncached read (about 50 ms at
    // 100 000 products, for every server-rendered page).
    const index = await indexes.current();
    const rows = await kysely
      .selectFrom('categories')
      .select(['id', 'slug', 'name', 'image'])
      .orderBy('position')
      .orderBy('id')
      .execute();
    const names = await categoryNamesOf(kysely);
    return rows.map((r) => ({
      slug: r.slug,
      name: r.name,
      translations: names.get(r.id) ?? {},
      productCount: index.productsIn(r.id),
      image: r.image,
    }));
  }

  /**
   * One page of products as the list response's JSON (`{"items":[…],"total":…,"page":…,
   * "limit":…}`, the bytes the contract's writer would produce), its items copied from the
   * catalog index with their stock current within the cache time, in one buffer.
   */
  async function listPageJson(query: ProductListQuery): Promise<Buffer> {
    const index = await indexes.current();
    const offset = (query.page - 1) * query.limit;
    const { ids, total } = query.q
      ? index.pageOfMatches(matchesFor(query.q, index), query, query.sort, offset, query.limit)
      : // Relevance needs text to be relevant to: without it, best sellers come first.
        index.page(
          query,
          query.sort === 'relevance' ? 'best_selling' : query.sort,
          offset,
          query.limit,
        );
    const close = `,"total":${total},"page":${query.page},"limit":${query.limit}}`;
    return index.products.array(ids, index.variantStock, clock().getTime(), {
      open: ITEMS_OPEN,
      close: Buffer.from(close, 'latin1'),
    });
  }

  /** One product's JSON by id or slug, undefined when the catalog has no such product. */
  async function productJson(idOrSlug: string): Promise<Buffer | undefined> {
    const index = await indexes.current();
    const id = /^\d{1,9}$/.test(idOrSlug) ? Number(idOrSlug) : index.products.idOfSlug(idOrSlug);
    return id === undefined
      ? undefined
      : index.products.product(id, index.variantStock, clock().getTime());
  }

  return {
    /** Builds the catalog index now, so the first request after start-up does not wait for it. */
    async buildIndex(): Promise<void> {
      await indexes.current();
    },

    indexStats: () => indexes.stats(),

    indexVersion: () => indexes.version(),

    listCategories: readCategories,

    listPageJson,

    /** The filter panel's counts for the products a list with these filters shows. */
    async facets(query: FacetQuery): Promise<Facets> {
      const index = await indexes.current();
      return index.facets(query, query.q ? matchesFor(query.q, index) : undefined);
    },

    /** The same page as products, for callers that read it rather than send it. */
    productJson,

    async suggest(text: string): Promise<SuggestionList['items']> {
      const index = await indexes.current();
      const { ids } = index.pageOfMatches(
        matchesFor(text, index),
        {},
        'relevance',
        0,
        SUGGESTION_LIMIT,
      );
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
          'products.category_id',
          'categories.slug as category_slug',
          'categories.name as category_name',
        ])
        .where('products.id', 'in', ids)
        .where(shownOnStorefront)
        .execute();
      const texts = await productTextsOf(kysely, { ids });
      const categoryNames = await categoryNamesOf(
        kysely,
        rows.map((r) => r.category_id),
      );
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
          translations: categoryNames.get(r.category_id) ?? {},
        },
        image: (JSON.parse(r.images) as string[])[0] ?? '',
        translations: nameTranslationsOf(texts.get(r.id)),
      }));
    },

    async findProduct(idOrSlug: string): Promise<Product | undefined> {
      const json = await productJson(idOrSlug);
      return json && (JSON.parse(json.toString()) as Product);
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
        .where('products.id', 'in', (eb) =>
          eb
            .selectFrom('flash_sale_products')
            .select('product_id')
            .where('flash_sale_id', '=', sale.id),
        )
        .where(shownOnStorefront)
        .orderBy('products.sales_count', 'desc')
        .orderBy('products.id')
        .execute();
      const ids = rows.map((r) => r.id);
      const variants = await liveVariantsOf(kysely, { ids });
      const texts = await productTextsOf(kysely, { ids });
      const categoryNames = await categoryNamesOf(
        kysely,
        rows.map((r) => r.category_id),
      );
      return {
        name: sale.name,
        endsAt: toIsoString(sale.ends_at),
        items: rows.map((r) =>
          toProduct(r, variants.get(r.id) ?? [], {
            product: texts.get(r.id),
            category: categoryNames.get(r.category_id),
          }),
        ),
      };
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
