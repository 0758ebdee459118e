import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Facets, ProductListQuery, ProductSort } from '@souq/contracts/catalog';
import type { Db } from '../../db/connection';
import { toIsoString } from '../../db/dialect';
import { productJsonBuilder, type ProductJson, type SaleWindow } from './product-json';
import { searchIndexBuilder, type Matches, type SearchIndex } from './search-index';
import { SmallestK } from './top-k';
import {
  allOf,
  countBits,
  countBoth,
  emptyBits,
  forEachBit,
  facetDataBuilder,
  hasBit,
  inStockBits,
  setBit,
  type Bits,
  type FacetData,
} from './facet-index';
import { liveVariantsOf, productRowColumns, shownOnStorefront, toProduct } from './product-mapper';
import { categoryNamesOf, productTextsOf } from './catalog-translations';
import { CATALOG_API_TTL_MS } from './short-lived-cache';

/**
 * Each app server's in-memory index of the catalog (decision 002): every product's category
 * and price by id, the whole catalog's id order for each sort, whole and per category, and
 * every product's response JSON (product-json.ts). A list page, or the filtered and sorted page
 * of a search's matches, is one pass over typed arrays with its exact total, and its products
 * are copied from memory: no database read per request but the catalog version's. At 100 000
 * products the filters and orders take about 3 MB, the JSON about 60 MB.
 *
 * It is rebuilt from the database when the catalog version (migrations 0010, 0014) has moved,
 * which any app server or script editing the catalog does, and every `SALES_REFRESH_MS` so the
 * best-selling order follows the orders (which do not move the version). Stock, which orders
 * change too, follows the stock ledger: the variants moved since the last read are read again
 * (a product's stock being their sum), never older than the catalog's cache time; every
 * variant's is read again in the background every STOCK_FULL_READ_MS.
 */

export type IndexedSort = Exclude<ProductSort, 'relevance'>;
type ProductFilter = Pick<
  ProductListQuery,
  'category' | 'minPrice' | 'maxPrice' | 'colour' | 'size' | 'inStock' | 'onSale' | 'minRating'
>;
/** The filters a list can be narrowed by, each one bit set (facet-index.ts). */
type Dimension =
  'matches' | 'category' | 'price' | 'colour' | 'size' | 'inStock' | 'onSale' | 'rating';
/** The filters read from the facet bit sets rather than from the category and price orders. */
const hasFacetFilter = (f: ProductFilter) =>
  f.colour !== undefined || f.size !== undefined || !!f.inStock || !!f.onSale || !!f.minRating;

const SORTS: IndexedSort[] = ['best_selling', 'price_asc', 'price_desc', 'newest', 'rating'];
/** How stale the best-selling order may grow; a rebuild runs in the background meanwhile. */
export const SALES_REFRESH_MS = 5 * 60_000;
/** Rows read at a time while building, so other requests get the event loop in between. */
const READ_CHUNK = 5_000;
/**
 * Variants' stock read at a time while building, with a turn of the event loop between: on
 * SQLite a read is synchronous, and the whole catalog's at once (about 40 ms at 100 000
 * products) held up every request arriving meanwhile.
 */
const STOCK_CHUNK = 2_000;
/**
 * How often the stock ledger is followed while the shop is asked for pages: each read takes
 * the variants moved since the last one (orders, adjustments, imports all write the ledger).
 */
const STOCK_FOLLOW_MS = 250;
/**
 * How often every variant's stock is read again, in the background: stock written outside the
 * ledger (hand-written SQL, a restored backup) shows within this.
 */
export const STOCK_FULL_READ_MS = 30_000;
/** Ledger rows read at a time. */
const LEDGER_CHUNK = 5_000;
/**
 * How long a ledger id missing between ids already read is looked for again. On PostgreSQL ids
 * are taken in one order and committed in another: a transaction that took a lower id may
 * commit after a higher one was read. One rolled back never shows, and is forgotten after this.
 */
const LEDGER_GAP_MS = 10_000;
/** Missing ids remembered at most (the oldest are forgotten first). */
const LEDGER_GAPS_KEPT = 10_000;
/**
 * How long one read of the catalog version serves this app server's requests, unless it writes
 * meanwhile: other app servers' edits show this much later, well within the five seconds
 * responses are kept anyway. Read once per turn of the event loop instead, PostgreSQL answered
 * a query per turn (thousands a second per app server) on cores the app servers share.
 */
const VERSION_REUSE_MS = 50;

export interface ProductPage {
  ids: number[];
  total: number;
}

export interface CatalogIndex {
  /** The catalog version it was built from; search results are kept per version. */
  version: number;
  /** Every product's JSON. */
  products: ProductJson;
  /** The catalog's words, for searches. */
  text: SearchIndex;
  /** Each product's colours, sizes, sale and rating, for the filters beyond category and price. */
  facetData: FacetData;
  /** Stock by variant id, never older than the catalog's cache time when handed out. */
  variantStock: Int32Array;
  /** How many products the storefront shows in a category (by id). */
  productsIn(categoryId: number): number;
  /** One page of the catalog, filtered and sorted, with its total. */
  page(filter: ProductFilter, sort: IndexedSort, offset: number, limit: number): ProductPage;
  /**
   * How many products each filter value would leave with the other filters in force, over the
   * whole catalog or a search's matches.
   */
  facets(filter: ProductFilter, matches: Matches | undefined): Facets;
  /** The stock was read again: what is in stock must be worked out anew. */
  stockRead(): void;
  /** One page of a search's matches, filtered and in the given order (relevance: best first). */
  pageOfMatches(
    matches: Matches,
    filter: ProductFilter,
    sort: ProductSort,
    offset: number,
    limit: number,
  ): ProductPage;
}

interface Built {
  index: CatalogIndex;
  builtAt: number;
  stockReadAt: number;
  ledger: LedgerPosition;
  /**
   * This process's count of catalog writes when the build began: after a later one of its own,
   * the next build is awaited.
   */
  catalogWritesBefore: number;
  /** When every variant's stock was last read (STOCK_FULL_READ_MS). */
  fullStockReadAt: number;
}

/** How far the stock ledger has been read: every id up to `upTo` but the `missing` ones. */
interface LedgerPosition {
  upTo: number;
  /** Ids below `upTo` not read yet, with when they were first missed. */
  missing: Map<number, number>;
}

/** The current index of one app server, checked against the catalog version on every use. */
export function catalogIndexes(db: Db, now: () => number) {
  let built: Built | null = null;
  let building: Promise<Built> | null = null;
  let checking: { writes: number; version: Promise<number> } | null = null;
  let readingStock: Promise<void> | null = null;
  let readingAllStock: Promise<void> | null = null;
  // Compiled once: it runs on every catalog read, and building it cost more than running it.
  const versionQuery = db.reads.selectFrom('catalog_version').select('version').compile();

  function rebuild(): Promise<Built> {
    building ??= (async () => {
      const startedAt = now();
      const catalogWritesBefore = db.writes.catalogCount;
      // The ledger's end first: stock moved while the index is read is followed after it.
      const ledger = { upTo: await lastMovement(db), missing: new Map<number, number>() };
      // Only the orders moved (same version): the products' JSON is still right.
      const index = await buildIndex(db, built?.index);
      // Caught up before it is used: the first requests on it never wait for the stock.
      const stockReadAt = now();
      await readStockChanges(db, index.variantStock, ledger, stockReadAt);
      index.stockRead();
      return (built = {
        index,
        builtAt: startedAt,
        stockReadAt,
        ledger,
        catalogWritesBefore,
        fullStockReadAt: startedAt,
      });
    })().finally(() => (building = null));
    return building;
  }

  /** Reads the stock of the variants the ledger moved since the last read into the index. */
  function followStock(of: Built): Promise<void> {
    readingStock ??= (async () => {
      const readAt = now();
      if (await readStockChanges(db, of.index.variantStock, of.ledger, readAt))
        of.index.stockRead();
      of.stockReadAt = Math.max(of.stockReadAt, readAt);
    })().finally(() => (readingStock = null));
    return readingStock;
  }

  /** Reads every variant's stock again, for what was written outside the ledger. */
  function readAllStock(of: Built): Promise<void> {
    readingAllStock ??= (async () => {
      of.fullStockReadAt = now();
      await readStock(db, of.index.variantStock);
      of.index.stockRead();
    })().finally(() => (readingAllStock = null));
    return readingAllStock;
  }

  /**
   * Requests share one read of the version: those arriving while it runs, and those in the
   * VERSION_REUSE_MS after its answer, unless this process has written to the database since
   * the read started (its own edits are seen at once). On SQLite the read is synchronous, so
   * shared only while in flight every request paid for one: a tenth of a list page's time.
   */
  function readVersion(): Promise<number> {
    if (checking && checking.writes === db.writes.count) return checking.version;
    const shared = {
      writes: db.writes.count,
      version: db.reads.executeQuery(versionQuery).then((r) => r.rows[0]?.version ?? 0),
    };
    checking = shared;
    const forget = () => {
      if (checking === shared) checking = null;
    };
    shared.version.then(() => setTimeout(forget, VERSION_REUSE_MS).unref(), forget);
    return shared.version;
  }

  return {
    async current(): Promise<CatalogIndex> {
      const version = await readVersion();
      const edited = built !== null && built.index.version !== version;
      // This process's own edits are awaited, so what it wrote shows in its next answer.
      if (!built || (edited && db.writes.catalogCount !== built.catalogWritesBefore)) {
        const shared = await rebuild();
        // A build already under way may have read an older version (one started at start-up,
        // before this process's own edit): this request must see that edit.
        return shared.index.version >= version ? shared.index : (await rebuild()).index;
      }
      // Another app server's or a script's edit: answered from this index while the next one
      // is built, so no request after start-up waits for a build.
      if (edited) void rebuild().catch(() => {});
      const current = built;
      // Only the sales order is stale: keep answering from this index while the next builds.
      if (now() - current.builtAt > SALES_REFRESH_MS) void rebuild().catch(() => {});
      const stockAge = now() - current.stockReadAt;
      // Followed well within the cache time, so requests seldom wait for it (a read of the
      // ledger's last rows, not of every variant: reading all of them took a few seconds on
      // PostgreSQL under load, after which every request waited for the end of it).
      if (stockAge > CATALOG_API_TTL_MS) await followStock(current);
      else if (stockAge > STOCK_FOLLOW_MS) void followStock(current).catch(() => {});
      if (now() - current.fullStockReadAt > STOCK_FULL_READ_MS)
        void readAllStock(current).catch(() => {});
      return current.index;
    },
  };
}

/**
 * Reads every variant's stock into `variantStock`, a chunk of ids at a time, each chunk as two
 * JSON arrays gathered by the database: handing over 100 000 two-column rows cost three to
 * eight times more of the app server's CPU than parsing them as JSON.
 */
async function readStock(db: Db, variantStock: Int32Array): Promise<void> {
  let after = 0;
  for (;;) {
    const chunk = sql`select id, stock from product_variants where id > ${after} order by id
      limit ${STOCK_CHUNK}`;
    const gathered =
      db.dialect === 'sqlite'
        ? sql<{ ids: string; stocks: string }>`select json_group_array(id) as ids,
            json_group_array(stock) as stocks from (${chunk})`
        : sql<{ ids: number[]; stocks: number[] }>`select
            coalesce(json_agg(id order by id), '[]') as ids,
            coalesce(json_agg(stock order by id), '[]') as stocks from (${chunk}) as chunk`;
    const [row] = (await gathered.execute(db.reads)).rows;
    const ids = parsed(row?.ids);
    const stocks = parsed(row?.stocks);
    // Each id is paired with its stock whatever order the arrays come in.
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] ?? 0;
      if (id < variantStock.length) variantStock[id] = stocks[i] ?? 0;
      after = Math.max(after, id);
    }
    if (ids.length < STOCK_CHUNK) return;
    await nextTurn();
  }
}

/** The stock ledger's highest id (0 when it is empty). */
async function lastMovement(db: Db): Promise<number> {
  const row = await db.reads
    .selectFrom('stock_movements')
    .select((eb) => eb.fn.max<number>('id').as('id'))
    .executeTakeFirst();
  return row?.id ?? 0;
}

/**
 * Reads the stock of every variant the ledger moved after `ledger` into `variantStock`, and
 * moves `ledger` on: true when any was read. Ids missing between those read are asked for again
 * on the next reads, for LEDGER_GAP_MS, as their transactions may not have committed yet.
 */
async function readStockChanges(
  db: Db,
  variantStock: Int32Array,
  ledger: LedgerPosition,
  readAt: number,
): Promise<boolean> {
  for (const [id, missedAt] of ledger.missing)
    if (readAt - missedAt > LEDGER_GAP_MS || ledger.missing.size > LEDGER_GAPS_KEPT)
      ledger.missing.delete(id);
  let read = false;
  let after = ledger.missing.size > 0 ? Math.min(...ledger.missing.keys()) - 1 : ledger.upTo;
  for (;;) {
    const rows = await db.reads
      .selectFrom('stock_movements')
      .innerJoin('product_variants', 'product_variants.id', 'stock_movements.variant_id')
      .select(['stock_movements.id', 'product_variants.id as variantId', 'product_variants.stock'])
      .where('stock_movements.id', '>', after)
      .orderBy('stock_movements.id')
      .limit(LEDGER_CHUNK)
      .execute();
    for (const row of rows) {
      if (row.variantId < variantStock.length) variantStock[row.variantId] = row.stock;
      ledger.missing.delete(row.id);
      const firstGap = Math.max(ledger.upTo + 1, row.id - LEDGER_GAPS_KEPT);
      for (let gap = firstGap; gap < row.id; gap++) ledger.missing.set(gap, readAt);
      ledger.upTo = Math.max(ledger.upTo, row.id);
      after = row.id;
      read = true;
    }
    if (rows.length < LEDGER_CHUNK) return read;
  }
}

/** A JSON array as SQLite (text) or PostgreSQL (parsed already) hands it over. */
function parsed(value: string | number[] | undefined): number[] {
  return typeof value === 'string' ? (JSON.parse(value) as number[]) : (value ?? []);
}

/** Every product's JSON, text index and variants' stock, read a chunk of ids at a time. */
async function readProducts(
  db: Db,
  maxId: number,
  variantStock: Int32Array,
): Promise<{ products: ProductJson; text: SearchIndex; facetData: FacetData }> {
  // About 740 bytes a product; room for more costs nothing resident (below).
  const builder = productJsonBuilder(maxId, maxId * 1_024);
  const words = searchIndexBuilder();
  const facetValues = facetDataBuilder(maxId);
  const categoryNames = await categoryNamesOf(db.reads);
  let after = 0;
  for (;;) {
    const rows = await db.reads
      .selectFrom('products')
      .innerJoin('categories', 'categories.id', 'products.category_id')
      .select(productRowColumns)
      .where(shownOnStorefront)
      .where('products.id', '>', after)
      .where('products.id', '<=', maxId)
      .orderBy('products.id')
      .limit(READ_CHUNK)
      .execute();
    const last = rows.at(-1);
    const range = { after, upTo: last?.id ?? after };
    const variants = await liveVariantsOf(db.reads, range);
    const texts = await productTextsOf(db.reads, range);
    for (const row of rows) {
      const own = variants.get(row.id) ?? [];
      for (const v of own) if (v.id < variantStock.length) variantStock[v.id] = v.stock;
      const translated = Object.values(texts.get(row.id) ?? {});
      const product = toProduct({ ...row, flash_sale_ends_at: null }, own, {
        product: texts.get(row.id),
        category: categoryNames.get(row.category_id),
      });
      builder.add(product);
      facetValues.add(product);
      // Every language's text is searched, whichever language the shopper reads.
      words.add({
        id: row.id,
        names: [row.name, ...translated.map((t) => t.name ?? '')],
        descriptions: [row.description, ...translated.map((t) => t.description ?? '')],
      });
    }
    if (!last || rows.length < READ_CHUNK) break;
    after = last.id;
  }
  // A product's sales over time, one at a time (decision 016); the response shows the running one.
  const sales = new Map<number, SaleWindow[]>();
  const windows = await db.reads
    .selectFrom('flash_sale_products')
    .innerJoin('flash_sales', 'flash_sales.id', 'flash_sale_products.flash_sale_id')
    .select(['flash_sale_products.product_id', 'flash_sales.starts_at', 'flash_sales.ends_at'])
    .execute();
  for (const w of windows) {
    const endsAt = toIsoString(w.ends_at);
    const window = {
      startsAt: Date.parse(toIsoString(w.starts_at)),
      endsAt: Date.parse(endsAt),
      json: Buffer.from(JSON.stringify({ endsAt })),
    };
    const list = sales.get(w.product_id);
    if (list) list.push(window);
    else sales.set(w.product_id, [window]);
  }
  return {
    products: builder.finish(sales),
    text: words.finish(),
    facetData: facetValues.finish(),
  };
}

async function buildIndex(db: Db, previous: CatalogIndex | undefined): Promise<CatalogIndex> {
  const kysely = db.reads;
  // The version first: an edit landing during the build moves it again, and the next request
  // rebuilds; the other way round, an edit could be missed.
  const { version } = await kysely
    .selectFrom('catalog_version')
    .select('version')
    .executeTakeFirstOrThrow();
  const categories = await kysely.selectFrom('categories').select(['id', 'slug']).execute();
  // Products the storefront does not show are left out here, once: for every list, search and
  // product read they do not exist (decision 015).
  const rows = await kysely
    .selectFrom('products')
    .select(['id', 'category_id', 'price_cents'])
    .where(shownOnStorefront)
    .execute();
  const maxId = rows.reduce((max, r) => Math.max(max, r.id), 0);
  // Indexed by product id (ids are dense); category 0 means "no such product".
  const categoryOf = new Int32Array(maxId + 1);
  const priceOf = new Int32Array(maxId + 1);
  for (const r of rows) {
    categoryOf[r.id] = r.category_id;
    priceOf[r.id] = r.price_cents;
  }
  const categoryIds = new Map(categories.map((c) => [c.slug, c.id]));
  const maxVariant = await kysely
    .selectFrom('product_variants')
    .select((eb) => eb.fn.max<number>('id').as('id'))
    .executeTakeFirst();
  const variantStock = new Int32Array((maxVariant?.id ?? 0) + 1);
  let read: { products: ProductJson; text: SearchIndex; facetData: FacetData };
  if (previous?.version === version) {
    read = previous;
    await readStock(db, variantStock);
  } else read = await readProducts(db, maxId, variantStock);
  const { products, text, facetData } = read;

  const orders = new Map<IndexedSort, SortedIds>();
  /** Per sort, each product's position in the whole catalog's order (a category's agrees). */
  const positions = new Map<IndexedSort, Int32Array>();
  const byCategory = new Map<number, Map<IndexedSort, SortedIds>>();
  for (const sort of SORTS) {
    const ids = await orderedIds(db, sort);
    orders.set(sort, withPrices(ids, priceOf));
    const position = new Int32Array(maxId + 1);
    ids.forEach((id, i) => (position[id] = i));
    positions.set(sort, position);
    const perCategory = new Map<number, number[]>();
    for (const id of ids) {
      const category = categoryOf[id] ?? 0;
      let list = perCategory.get(category);
      if (!list) perCategory.set(category, (list = []));
      list.push(id);
    }
    for (const [category, list] of perCategory) {
      let sorts = byCategory.get(category);
      if (!sorts) byCategory.set(category, (sorts = new Map<IndexedSort, SortedIds>()));
      sorts.set(sort, withPrices(Int32Array.from(list), priceOf));
    }
  }
  function orderFor(filter: ProductFilter, sort: IndexedSort): SortedIds {
    if (!filter.category) return orders.get(sort) ?? NONE;
    const category = categoryIds.get(filter.category);
    // An unknown category matches nothing.
    return category === undefined ? NONE : (byCategory.get(category)?.get(sort) ?? NONE);
  }

  // The facet filters' bit sets: every product shown, and each category's products.
  const shown = emptyBits(maxId);
  const categoryBits = new Map<number, Bits>();
  for (const r of rows) {
    setBit(shown, r.id);
    let bits = categoryBits.get(r.category_id);
    if (!bits) categoryBits.set(r.category_id, (bits = emptyBits(maxId)));
    setBit(bits, r.id);
  }
  const nothing = emptyBits(maxId);
  let inStock: Bits | null = null;
  const colourAt = new Map(facetData.colours.map((c, i) => [c.name, i]));
  const sizeAt = new Map(facetData.sizes.map((size, i) => [size, i]));

  /** Each filter in force as the set of products it lets through. */
  function filterBits(filter: ProductFilter, matches: Matches | undefined) {
    const parts = new Map<Dimension, Bits>();
    if (matches) {
      const matched = emptyBits(maxId);
      for (const id of matches.ids) if (id <= maxId) setBit(matched, id);
      parts.set('matches', matched);
    }
    if (filter.category) {
      const category = categoryIds.get(filter.category);
      parts.set('category', (category !== undefined && categoryBits.get(category)) || nothing);
    }
    if (filter.minPrice !== undefined || filter.maxPrice !== undefined) {
      const { ids, prices } = orders.get('price_asc') ?? NONE;
      const band = emptyBits(maxId);
      const end = firstAtLeast(prices, (filter.maxPrice ?? MAX_PRICE - 1) + 1);
      for (let i = firstAtLeast(prices, filter.minPrice ?? 0); i < end; i++)
        setBit(band, ids[i] ?? 0);
      parts.set('price', band);
    }
    if (filter.colour !== undefined) {
      const at = colourAt.get(filter.colour);
      parts.set('colour', (at !== undefined && facetData.colourBits[at]) || nothing);
    }
    if (filter.size !== undefined) {
      const at = sizeAt.get(filter.size);
      parts.set('size', (at !== undefined && facetData.sizeBits[at]) || nothing);
    }
    if (filter.inStock) parts.set('inStock', inStockNow());
    if (filter.onSale) parts.set('onSale', facetData.onSale);
    if (filter.minRating) parts.set('rating', facetData.atLeast[filter.minRating - 1] ?? nothing);
    return parts;
  }

  /** The products every filter lets through but `except`'s. */
  function allBut(parts: Map<Dimension, Bits>, except?: Dimension): Bits {
    return allOf(
      shown,
      [...parts].flatMap(([dimension, bits]) => (dimension === except ? [] : [bits])),
    );
  }

  /**
   * How many products of the filter's category and price band a facet set lets through. With a
   * band, the category's price order holds it as one run, and the cheapest of three counts is
   * taken: a walk of the run; the set's count in the category less a walk of the rest of the
   * order; or a pass over the set's own products, reading each one's category and price.
   */
  function facetTotal(
    filter: ProductFilter,
    allowed: Bits,
    min: number,
    max: number,
    band: Band | undefined,
  ): number {
    const category = filter.category ? (categoryIds.get(filter.category) ?? -1) : 0;
    const inScope = () =>
      category === 0
        ? countBits(allowed)
        : countBoth(allowed, categoryBits.get(category) ?? nothing);
    if (!band) return inScope();
    const { ids, start, end } = band;
    const allowedIn = (from: number, to: number) => {
      let count = 0;
      for (let i = from; i < to; i++) if (hasBit(allowed, ids[i] ?? 0)) count++;
      return count;
    };
    const words = allowed.length;
    const run = end - start;
    const rest = ids.length - run + words;
    if (Math.min(run, rest) > 2 * words) {
      const inSet = countBits(allowed);
      if (words + SET_STEP * inSet < Math.min(run, rest)) {
        let count = 0;
        forEachBit(allowed, (id) => {
          const inCategory = categoryOf[id] ?? 0;
          if (inCategory === 0 || (category !== 0 && inCategory !== category)) return;
          const price = priceOf[id] ?? -1;
          if (price >= min && price <= max) count++;
        });
        return count;
      }
    }
    return run <= rest
      ? allowedIn(start, end)
      : inScope() - allowedIn(0, start) - allowedIn(end, ids.length);
  }

  /** The price band's run of the filter's category's price order. */
  function bandOf(filter: ProductFilter, min: number, max: number): Band {
    const { ids, prices } = orderFor(filter, 'price_asc');
    return { ids, start: firstAtLeast(prices, min), end: firstAtLeast(prices, max + 1) };
  }

  /** One page of the band's products that a facet set lets through, in `sort`'s order. */
  function pickFromBand(
    { ids, start, end }: Band,
    allowed: Bits,
    sort: IndexedSort,
    offset: number,
    limit: number,
  ): number[] {
    const position = positions.get(sort);
    const best = new SmallestK(offset + limit);
    for (let i = start; i < end; i++) {
      const id = ids[i] ?? 0;
      if (hasBit(allowed, id)) best.offer(position?.[id] ?? id, id);
    }
    return best.sortedIds().slice(offset);
  }

  /** One page of a facet set's products in the filter's category and band, in `sort`'s order. */
  function pickFromSet(
    allowed: Bits,
    filter: ProductFilter,
    sort: IndexedSort,
    min: number,
    max: number,
    offset: number,
    limit: number,
  ): number[] {
    const category = filter.category ? (categoryIds.get(filter.category) ?? -1) : 0;
    const position = positions.get(sort);
    const best = new SmallestK(offset + limit);
    forEachBit(allowed, (id) => {
      const inCategory = categoryOf[id] ?? 0;
      // 0: not shown, or added after this index was built.
      if (inCategory === 0 || (category !== 0 && inCategory !== category)) return;
      const price = priceOf[id] ?? -1;
      if (price < min || price > max) return;
      best.offer(position?.[id] ?? id, id);
    });
    return best.sortedIds().slice(offset);
  }

  function inStockNow(): Bits {
    return (inStock ??= inStockBits(facetData, maxId, variantStock));
  }

  return {
    version,
    products,
    text,
    facetData,
    variantStock,

    stockRead() {
      inStock = null;
    },

    facets(filter, matches) {
      const parts = filterBits(filter, matches);
      // Values are listed when the page's own scope (its search or category) has them.
      const scope = allOf(
        shown,
        [parts.get('matches'), parts.get('category')].filter((b): b is Bits => !!b),
      );
      const others = (dimension: Dimension) => allBut(parts, dimension);
      const byCategory = others('category');
      const byColour = others('colour');
      const bySize = others('size');
      const byRating = others('rating');
      return {
        total: countBits(allBut(parts)),
        categories: categories.flatMap((c) => {
          const bits = categoryBits.get(c.id);
          return bits ? [{ slug: c.slug, count: countBoth(byCategory, bits) }] : [];
        }),
        colours: facetData.colours.flatMap((colour, i) => {
          const bits = facetData.colourBits[i] ?? nothing;
          return countBoth(scope, bits) > 0
            ? [{ ...colour, count: countBoth(byColour, bits) }]
            : [];
        }),
        sizes: facetData.sizes.flatMap((name, i) => {
          const bits = facetData.sizeBits[i] ?? nothing;
          return countBoth(scope, bits) > 0 ? [{ name, count: countBoth(bySize, bits) }] : [];
        }),
        inStock: countBoth(others('inStock'), inStockNow()),
        onSale: countBoth(others('onSale'), facetData.onSale),
        ratings: [4, 3, 2, 1].map((atLeast) => ({
          atLeast,
          count: countBoth(byRating, facetData.atLeast[atLeast - 1] ?? nothing),
        })),
      };
    },

    productsIn: (categoryId) => byCategory.get(categoryId)?.get('best_selling')?.ids.length ?? 0,

    page(filter, sort, offset, limit) {
      const order = orderFor(filter, sort);
      if (hasFacetFilter(filter)) {
        // The category is the order walked and the price is read beside it, so only the facet
        // sets are combined (most often just one, used as it is).
        const { colour, size, inStock, onSale, minRating } = filter;
        const [first, ...others] = filterBits(
          { colour, size, inStock, onSale, minRating },
          undefined,
        ).values();
        const allowed = others.length === 0 && first ? first : allOf(first ?? nothing, others);
        const min = filter.minPrice ?? -1;
        const max = filter.maxPrice ?? MAX_PRICE;
        const priced = min >= 0 || max < MAX_PRICE;
        const band = priced ? bandOf(filter, min, max) : undefined;
        const total = facetTotal(filter, allowed, min, max, band);
        if (total <= offset) return { ids: [], total };
        const { ids, prices } = order;
        // Sorted by price, the band is one run of the order: the walk starts and ends with it.
        const [from, to] =
          sort === 'price_asc'
            ? [firstAtLeast(prices, min), firstAtLeast(prices, max + 1)]
            : sort === 'price_desc'
              ? [firstAtMost(prices, max), firstAtMost(prices, min - 1)]
              : [0, ids.length];
        // The walk along the order meets one product of the page per (to - from) / total on
        // average. When the filters leave few, fewer products are read by picking the page's by
        // their place in the order among the band's run of the category's price order, or among
        // the set's own products.
        const walk = ((to - from) * Math.min(offset + limit, total)) / total;
        const run = band ? band.end - band.start : Infinity;
        if (Math.min(walk, run) > allowed.length) {
          const fromSet = allowed.length + SET_STEP * countBits(allowed);
          if (fromSet < Math.min(walk, run))
            return { ids: pickFromSet(allowed, filter, sort, min, max, offset, limit), total };
        }
        if (band && run < walk)
          return { ids: pickFromBand(band, allowed, sort, offset, limit), total };
        const page: number[] = [];
        for (let i = from, seen = 0; i < to && page.length < limit; i++) {
          const id = ids[i] ?? 0;
          if (!hasBit(allowed, id)) continue;
          const price = prices[i] ?? -1;
          if (priced && (price < min || price > max)) continue;
          if (seen++ >= offset) page.push(id);
        }
        return { ids: page, total };
      }
      const min = filter.minPrice ?? -1;
      const max = filter.maxPrice ?? MAX_PRICE;
      // Sorted by price, a price band is one run of the order: found by binary search.
      if (sort === 'price_asc' || sort === 'price_desc') {
        const ascending = sort === 'price_asc';
        const start = ascending ? firstAtLeast(order.prices, min) : firstAtMost(order.prices, max);
        const end = ascending
          ? firstAtLeast(order.prices, max + 1)
          : firstAtMost(order.prices, min - 1);
        const from = Math.min(end, start + offset);
        return {
          ids: Array.from(order.ids.subarray(from, Math.min(end, from + limit))),
          total: end - start,
        };
      }
      const { ids, prices } = order;
      if (min < 0 && max >= MAX_PRICE)
        return { ids: Array.from(ids.subarray(offset, offset + limit)), total: ids.length };
      // The band's total from the same products in price order (two binary searches), so the
      // pass along this sort stops at the page instead of reading the whole order.
      const byPrice = orderFor(filter, 'price_asc').prices;
      const total = firstAtLeast(byPrice, max + 1) - firstAtLeast(byPrice, min);
      const page: number[] = [];
      for (let i = 0, seen = 0; i < ids.length && page.length < limit; i++) {
        const price = prices[i] ?? -1;
        if (price < min || price > max) continue;
        if (seen++ >= offset) page.push(ids[i] ?? 0);
      }
      return { ids: page, total };
    },

    pageOfMatches(matches, filter, sort, offset, limit) {
      const min = filter.minPrice ?? -1;
      const max = filter.maxPrice ?? MAX_PRICE;
      const category = filter.category ? categoryIds.get(filter.category) : 0;
      if (category === undefined) return { ids: [], total: 0 };
      const position = sort === 'relevance' ? undefined : positions.get(sort);
      const facetFilter = hasFacetFilter(filter)
        ? allBut(filterBits({ ...filter, category: undefined }, undefined))
        : undefined;
      // Never more than there are matches: a page far past the last one keeps nothing.
      const best = new SmallestK(Math.min(offset + limit, matches.ids.length));
      let total = 0;
      for (let i = 0; i < matches.ids.length; i++) {
        const id = matches.ids[i] ?? 0;
        const inCategory = categoryOf[id] ?? 0;
        // 0: a product added after this index was built, which the next one will hold.
        if (inCategory === 0 || (category !== 0 && inCategory !== category)) continue;
        const price = priceOf[id] ?? -1;
        if (price < min || price > max) continue;
        if (facetFilter && !hasBit(facetFilter, id)) continue;
        total++;
        best.offer(position ? (position[id] ?? 0) : (matches.rank[i] ?? 0), id);
      }
      return { ids: best.sortedIds().slice(offset), total };
    },
  };
}

/** Ids in one order with their prices beside them, read in step (no jumps through memory). */
interface SortedIds {
  ids: Int32Array;
  prices: Int32Array;
}

/** A run of a price order: the products priced within a band. */
interface Band {
  ids: Int32Array;
  start: number;
  end: number;
}

/**
 * What reading one product of a facet set costs (its id from the set's bits, its category and
 * price from arrays by id), in steps of a walk along an order.
 */
const SET_STEP = 3;

const NONE: SortedIds = { ids: new Int32Array(0), prices: new Int32Array(0) };
/** Above any price the contract accepts. */
const MAX_PRICE = 2 ** 31 - 1;

function withPrices(ids: Int32Array, priceOf: Int32Array): SortedIds {
  return { ids, prices: ids.map((id) => priceOf[id] ?? 0) };
}

/** The first position whose price is at least `price`, in prices rising. */
function firstAtLeast(prices: Int32Array, price: number): number {
  let lo = 0;
  let hi = prices.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((prices[mid] ?? 0) < price) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first position whose price is at most `price`, in prices falling. */
function firstAtMost(prices: Int32Array, price: number): number {
  let lo = 0;
  let hi = prices.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((prices[mid] ?? 0) > price) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Every product id in a sort's order, read from that sort's index in the database. */
async function orderedIds(db: Db, sort: IndexedSort): Promise<Int32Array> {
  let query = db.reads.selectFrom('products').select('id').where(shownOnStorefront);
  for (const [column, direction] of sortKeys(sort)) query = query.orderBy(column, direction);
  const rows = await query.execute();
  return Int32Array.from(rows, (r) => r.id);
}

type SortKey = [
  `products.${'price_cents' | 'created_at' | 'rating_average' | 'rating_count' | 'sales_count' | 'id'}`,
  'asc' | 'desc',
];

/** Every order ends with the id so pages never overlap or skip rows that tie. */
function sortKeys(sort: IndexedSort): SortKey[] {
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
    case 'best_selling':
      return [
        ['products.sales_count', 'desc'],
        ['products.id', 'asc'],
      ];
  }
}
