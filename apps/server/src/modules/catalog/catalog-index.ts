import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import type {
  Facets,
  Product,
  ProductListQuery,
  ProductSort,
  ProductVariant,
} from '@souq/contracts/catalog';
import type { Db } from '../../db/connection';
import { toIsoString } from '../../db/dialect';
import { productJsonBuilder, type ProductJson, type SaleWindow } from './product-json';
import {
  searchIndexBuilder,
  type Matches,
  type SearchableText,
  type SearchIndex,
} from './search-index';
import { SmallestK } from './top-k';
import { SortOrder, type SortedIds } from './sort-order';
import {
  allOf,
  countBits,
  clearBit,
  countBoth,
  countEachIn,
  emptyBits,
  forEachBit,
  facetDataBuilder,
  hasBit,
  inStockBits,
  setBit,
  sharingAnId,
  type Bits,
  type FacetData,
} from './facet-index';
import { liveVariantsOf, productRowColumns, shownOnStorefront, toProduct } from './product-mapper';
import { categoryNamesOf, productTextsOf, type ProductTexts } from './catalog-translations';
import { CATALOG_API_TTL_MS } from './short-lived-cache';

/**
 * Each app server's in-memory index of the catalog (decision 002): every product's category
 * and price by id, the whole catalog's id order for each sort, whole and per category, and
 * every product's response JSON (product-json.ts). A list page, or the filtered and sorted page
 * of a search's matches, is one pass over typed arrays with its exact total, and its products
 * are copied from memory: no database read per request but the catalog version's. At 100 000
 * products the filters and orders take about 3 MB, the JSON about 60 MB.
 *
 * It follows the catalog's edits in place (migration 0037): when the catalog version moves,
 * the products the change log names since the last position are read again and each is taken
 * out of and put back into every order, set, text and JSON, whichever app server or script made
 * the edit; a change of categories or flash sales, or a product past the room the index was
 * built with, is a full build instead (in the background, the old index answering meanwhile).
 * Every `SALES_REFRESH_MS` the best-selling orders are sorted again by the sales counts (which
 * orders move without moving the version). Stock, which orders
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
/**
 * How long rows of the catalog change log are kept (on the database's clock). Every app server
 * deletes older ones on the sales order's round; a server builds from the tables when it starts,
 * so only one that followed nothing for a day would miss a row.
 */
export const CHANGE_LOG_KEPT_MS = 24 * 60 * 60_000;
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
 * How long after one read of the catalog version the next one starts at the earliest, unless
 * this app server writes meanwhile: other app servers' edits show about this much later. Read
 * once per turn of the event loop instead, PostgreSQL answered a query per turn (thousands a
 * second per app server) on cores the app servers share.
 */
const VERSION_REUSE_MS = 50;
/**
 * How long the version read last answers requests, unless this app server wrote since, while
 * the next read runs in the background. Awaited by every request in flight, each read's answer
 * waited its turn on a busy event loop: on PostgreSQL twenty requests at a time waited up to 30
 * ms for it, most of the list pages' p99 (decision 002).
 */
const VERSION_KNOWN_MS = 1_000;

/** The filter panel's "rated at least" steps, highest first. */
const RATING_STEPS = [4, 3, 2, 1];

export interface ProductPage {
  ids: number[];
  total: number;
}

/** Colours and sizes found in a page's scope, as their places in the facet data's lists. */
interface ValuesPresent {
  colours: number[];
  sizes: number[];
}

export interface CatalogIndex {
  /** The catalog version it holds: built from, or caught up with through the change log. */
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
  /**
   * Applies edited products in place (decision 002): every id in `changedIds` is taken out of
   * every order, set, text and JSON, and the `shown` ones (read again from the database) put
   * back. False, with nothing changed, when an id is past the room the index was built with:
   * then only a full build can hold it.
   */
  apply(changedIds: readonly number[], shown: readonly IndexedProduct[]): boolean;
  /** Sorts the best-selling orders again by these sales counts (every product shown). */
  resortBestSelling(sales: readonly { id: number; sales: number }[]): void;
  /** How many products are shown. */
  size(): number;
  /** One page of a search's matches, filtered and in the given order (relevance: best first). */
  pageOfMatches(
    matches: Matches,
    filter: ProductFilter,
    sort: ProductSort,
    offset: number,
    limit: number,
  ): ProductPage;
}

/** One product as the index holds it: its JSON, its search text and its sort keys. */
export interface IndexedProduct {
  product: Product;
  text: SearchableText;
  keys: SortKeys;
}

/** What the orders sort by. */
interface SortKeys {
  categoryId: number;
  price: number;
  createdAt: number;
  ratingAverage: number;
  ratingCount: number;
  sales: number;
}

interface Built {
  index: CatalogIndex;
  /** When the best-selling order was last sorted by the database's sales counts. */
  salesReadAt: number;
  /** How far the catalog change log (migration 0037) has been applied. */
  changes: LedgerPosition;
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
  let applying: Promise<void> | null = null;
  let checking: { writes: number; version: Promise<number> } | null = null;
  /** The last version read, and when that read started. */
  let known: { writes: number; version: number; readAt: number } | null = null;
  let readingStock: Promise<void> | null = null;
  let readingAllStock: Promise<void> | null = null;
  let readingSales: Promise<void> | null = null;
  const stats = { fullBuilds: 0, productsApplied: 0 };
  // Compiled once: it runs on every catalog read, and building it cost more than running it.
  const versionQuery = db.reads.selectFrom('catalog_version').select('version').compile();
  const readVersionNow = () =>
    db.reads.executeQuery(versionQuery).then((r) => r.rows[0]?.version ?? 0);

  function rebuild(): Promise<Built> {
    building ??= (async () => {
      const startedAt = now();
      const catalogWritesBefore = db.writes.catalogCount;
      // The logs' ends first: what changes while the index is read is applied after it.
      const ledger = { upTo: await lastMovement(db), missing: new Map<number, number>() };
      const changes = { upTo: await lastChange(db), missing: new Map<number, number>() };
      const index = await buildIndex(db);
      stats.fullBuilds++;
      // Caught up before it is used: the first requests on it never wait for the stock.
      const stockReadAt = now();
      await readStockChanges(db, index.variantStock, ledger, stockReadAt);
      index.stockRead();
      return (built = {
        index,
        salesReadAt: startedAt,
        changes,
        stockReadAt,
        ledger,
        catalogWritesBefore,
        fullStockReadAt: startedAt,
      });
    })().finally(() => (building = null));
    return building;
  }

  /**
   * Applies the products the change log names since the last position to the index in place;
   * a change of the whole catalog (a category, a flash sale), an id past the index's room or an
   * overlay of edited texts grown past a share of the catalog is a full build instead.
   */
  function followChanges(of: Built): Promise<void> {
    applying ??= (async () => {
      const catalogWritesBefore = db.writes.catalogCount;
      // The version first: an edit committing after it moves it again and is followed then.
      const version = await readVersionNow();
      const position = { upTo: of.changes.upTo, missing: new Map(of.changes.missing) };
      const ids = new Set<number>();
      // A row without a product: categories or flash sales changed.
      const wholeCatalog = { changed: false };
      await readCatalogChanges(db, position, now(), (row) => {
        if (row.product_id === null) wholeCatalog.changed = true;
        else ids.add(row.product_id);
      });
      if (wholeCatalog.changed) {
        await rebuild();
        return;
      }
      const changed = [...ids];
      const categoryNames = await categoryNamesOf(db.reads);
      for (let from = 0; from < changed.length; from += APPLY_CHUNK) {
        const chunk = changed.slice(from, from + APPLY_CHUNK);
        const shown: IndexedProduct[] = [];
        for (let read = 0; read < chunk.length; read += APPLY_READ_CHUNK) {
          const part = chunk.slice(read, read + APPLY_READ_CHUNK);
          shown.push(...(await readIndexedProducts(db, part, categoryNames)));
        }
        if (!of.index.apply(chunk, shown)) {
          await rebuild();
          return;
        }
        stats.productsApplied += chunk.length;
      }
      of.changes = position;
      of.index.version = Math.max(of.index.version, version);
      of.catalogWritesBefore = catalogWritesBefore;
      const overlay = of.index.text.overlaySize();
      if (overlay > Math.max(OVERLAY_MIN, of.index.size() / OVERLAY_SHARE))
        void rebuild().catch(() => {});
    })().finally(() => (applying = null));
    return applying;
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

  /** Sorts the best-selling orders again by the sales counts orders have moved since. */
  function readSales(of: Built): Promise<void> {
    readingSales ??= (async () => {
      of.salesReadAt = now();
      const rows = await db.reads
        .selectFrom('products')
        .select(['id', 'sales_count as sales'])
        .where(shownOnStorefront)
        .execute();
      of.index.resortBestSelling(rows);
    })().finally(() => (readingSales = null));
    return readingSales;
  }

  /**
   * Requests share one read of the version: those arriving while it runs, and those in the
   * VERSION_REUSE_MS after its answer, unless this process has written to the database since
   * the read started (its own edits are seen at once). On SQLite the read is synchronous, so
   * shared only while in flight every request paid for one: a tenth of a list page's time.
   */
  function readVersion(): Promise<number> {
    if (checking && checking.writes === db.writes.count) return checking.version;
    const readAt = now();
    const shared = { writes: db.writes.count, version: readVersionNow() };
    checking = shared;
    const forget = () => {
      if (checking === shared) checking = null;
    };
    shared.version.then((version) => {
      if (!known || readAt >= known.readAt) known = { writes: shared.writes, version, readAt };
      setTimeout(forget, VERSION_REUSE_MS).unref();
    }, forget);
    return shared.version;
  }

  /**
   * The version a request answers with: the last one read, while it is young and this app
   * server has not written since, with the next read started in the background when none ran
   * in the last VERSION_REUSE_MS; otherwise a read awaited. Another app server's edit shows one
   * read later than it would if every request waited, a round trip.
   */
  function versionForRequest(): number | Promise<number> {
    if (known && known.writes === db.writes.count && now() - known.readAt < VERSION_KNOWN_MS) {
      checkVersionInBackground();
      return known.version;
    }
    return readVersion();
  }

  /**
   * Reads the database's version in the background when no read ran in the last
   * VERSION_REUSE_MS, and applies the edits it finds.
   */
  function checkVersionInBackground() {
    const of = built;
    if (!of || checking) return;
    void readVersion()
      .then((version) => (of.index.version !== version ? followChanges(of) : undefined))
      .catch(() => {});
  }

  /** The index, with this process's own edits applied. */
  async function upToDate(version: number): Promise<Built> {
    if (!built) {
      const shared = await rebuild();
      // A build already under way may have read an older version (one started at start-up,
      // before this process's own edit): this request must see that edit.
      if (shared.index.version >= version) return shared;
    }
    for (let tries = 0; built && built.index.version < version && tries < 2; tries++)
      await followChanges(built);
    return built ?? rebuild();
  }

  return {
    /** Full builds so far, and products applied in place (the health route shows them). */
    stats: () => ({ ...stats }),

    /**
     * The catalog version the index answers with now (0 before it is built): it moves when
     * an edit is applied, so what was computed from the index before can be told apart. Asked
     * for by answers kept in this app server, which read no index: so that a hot address kept
     * again and again still sees edits soon, this starts a check of the database's version in
     * the background when none ran in the last VERSION_REUSE_MS, and applies what it finds.
     */
    version(): number {
      checkVersionInBackground();
      return built?.index.version ?? 0;
    },

    async current(): Promise<CatalogIndex> {
      const version = await versionForRequest();
      const behind = built !== null && built.index.version !== version;
      // This process's own edits are awaited, so what it wrote shows in its next answer.
      if (!built || (behind && db.writes.catalogCount !== built.catalogWritesBefore))
        return (await upToDate(version)).index;
      // Another app server's or a script's edit: applied in the background, in place, from
      // the change log (a few products: well under a millisecond each).
      if (behind) void followChanges(built).catch(() => {});
      const current = built;
      // Only the sales order is stale: sorted again in place while this one answers.
      if (now() - current.salesReadAt > SALES_REFRESH_MS) {
        void readSales(current).catch(() => {});
        void forgetOldChanges(db).catch(() => {});
      }
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
 * Reads a log's rows after `position` in id order, a chunk at a time, and moves `position` on:
 * true when any was read. Ids missing between those read are asked for again on the next reads,
 * for LEDGER_GAP_MS, as their transactions may not have committed yet.
 */
async function followLog<Row extends { id: number }>(
  position: LedgerPosition,
  readAt: number,
  readAfter: (after: number) => Promise<Row[]>,
  visit: (row: Row) => void,
): Promise<boolean> {
  for (const [id, missedAt] of position.missing)
    if (readAt - missedAt > LEDGER_GAP_MS || position.missing.size > LEDGER_GAPS_KEPT)
      position.missing.delete(id);
  let read = false;
  let after = position.missing.size > 0 ? Math.min(...position.missing.keys()) - 1 : position.upTo;
  for (;;) {
    const rows = await readAfter(after);
    for (const row of rows) {
      // Read again while its gap was looked for: already applied.
      if (row.id <= position.upTo && !position.missing.has(row.id)) continue;
      visit(row);
      position.missing.delete(row.id);
      const firstGap = Math.max(position.upTo + 1, row.id - LEDGER_GAPS_KEPT);
      for (let gap = firstGap; gap < row.id; gap++) position.missing.set(gap, readAt);
      position.upTo = Math.max(position.upTo, row.id);
      after = row.id;
      read = true;
    }
    if (rows.length < LEDGER_CHUNK) return read;
    after = rows.at(-1)?.id ?? after;
  }
}

/** Reads the stock of every variant the ledger moved after `ledger` into `variantStock`. */
function readStockChanges(
  db: Db,
  variantStock: Int32Array,
  ledger: LedgerPosition,
  readAt: number,
): Promise<boolean> {
  return followLog(
    ledger,
    readAt,
    (after) =>
      db.reads
        .selectFrom('stock_movements')
        .innerJoin('product_variants', 'product_variants.id', 'stock_movements.variant_id')
        .select([
          'stock_movements.id',
          'product_variants.id as variantId',
          'product_variants.stock',
        ])
        .where('stock_movements.id', '>', after)
        .orderBy('stock_movements.id')
        .limit(LEDGER_CHUNK)
        .execute(),
    (row) => {
      if (row.variantId < variantStock.length) variantStock[row.variantId] = row.stock;
    },
  );
}

/** Calls `visit` with each catalog change (migration 0037) after `position`. */
function readCatalogChanges(
  db: Db,
  position: LedgerPosition,
  readAt: number,
  visit: (row: { id: number; product_id: number | null }) => void,
): Promise<boolean> {
  return followLog(
    position,
    readAt,
    (after) =>
      db.reads
        .selectFrom('catalog_changes')
        .select(['id', 'product_id'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(LEDGER_CHUNK)
        .execute(),
    visit,
  );
}

/** Deletes the change log's rows older than CHANGE_LOG_KEPT_MS (twice, by two servers, is once). */
async function forgetOldChanges(db: Db): Promise<void> {
  const before = new Date(Date.now() - CHANGE_LOG_KEPT_MS).toISOString();
  await db.kysely.deleteFrom('catalog_changes').where('changed_at', '<', before).execute();
}

/** The catalog change log's highest id (0 when it is empty). */
async function lastChange(db: Db): Promise<number> {
  const row = await db.reads
    .selectFrom('catalog_changes')
    .select((eb) => eb.fn.max<number>('id').as('id'))
    .executeTakeFirst();
  return row?.id ?? 0;
}

/** A JSON array as SQLite (text) or PostgreSQL (parsed already) hands it over. */
function parsed(value: string | number[] | undefined): number[] {
  return typeof value === 'string' ? (JSON.parse(value) as number[]) : (value ?? []);
}

/** A product row as the index reads it, with its sales count. */
type ProductRow = Omit<Parameters<typeof toProduct>[0], 'flash_sale_ends_at'> & {
  sales_count: number;
};

/** One product row with its variants and texts, as the index holds it. */
function indexedProduct(
  row: ProductRow,
  variants: Map<number, ProductVariant[]>,
  texts: Map<number, ProductTexts>,
  categoryNames: Awaited<ReturnType<typeof categoryNamesOf>>,
): IndexedProduct {
  const own = variants.get(row.id) ?? [];
  const translated = Object.values(texts.get(row.id) ?? {});
  const product = toProduct({ ...row, flash_sale_ends_at: null }, own, {
    product: texts.get(row.id),
    category: categoryNames.get(row.category_id),
  });
  return {
    product,
    // Every language's text is searched, whichever language the shopper reads.
    text: {
      id: row.id,
      names: [row.name, ...translated.map((t) => t.name ?? '')],
      descriptions: [row.description, ...translated.map((t) => t.description ?? '')],
    },
    keys: {
      categoryId: row.category_id,
      price: row.price_cents,
      createdAt: Date.parse(toIsoString(row.created_at)),
      ratingAverage: row.rating_average,
      ratingCount: row.rating_count,
      sales: row.sales_count,
    },
  };
}

/** The products the storefront shows among `ids` (those it does not are left out). */
async function readIndexedProducts(
  db: Db,
  ids: readonly number[],
  categoryNames: Awaited<ReturnType<typeof categoryNamesOf>>,
): Promise<IndexedProduct[]> {
  if (ids.length === 0) return [];
  const rows = await db.reads
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .select([...productRowColumns, 'products.sales_count'])
    .where(shownOnStorefront)
    .where('products.id', 'in', ids)
    .execute();
  const shownIds = rows.map((r) => r.id);
  const variants = await liveVariantsOf(db.reads, { ids: shownIds });
  const texts = await productTextsOf(db.reads, { ids: shownIds });
  return rows.map((row) => indexedProduct(row, variants, texts, categoryNames));
}

/**
 * Every product the storefront shows, read a chunk of ids at a time, into its JSON, text
 * index, facet sets and variants' stock; `visit` gets each one's sort keys.
 */
async function readProducts(
  db: Db,
  capacity: number,
  variantStock: Int32Array,
  visit: (id: number, keys: SortKeys) => void,
): Promise<{ products: ProductJson; text: SearchIndex; facetData: FacetData }> {
  // About 740 bytes a product; room for more costs nothing resident (below).
  const builder = productJsonBuilder(capacity, capacity * 1_024);
  const words = searchIndexBuilder(capacity);
  const facetValues = facetDataBuilder(capacity);
  const categoryNames = await categoryNamesOf(db.reads);
  let after = 0;
  for (;;) {
    const rows = await db.reads
      .selectFrom('products')
      .innerJoin('categories', 'categories.id', 'products.category_id')
      .select([...productRowColumns, 'products.sales_count'])
      .where(shownOnStorefront)
      .where('products.id', '>', after)
      .where('products.id', '<=', capacity)
      .orderBy('products.id')
      .limit(READ_CHUNK)
      .execute();
    const last = rows.at(-1);
    const range = { after, upTo: last?.id ?? after };
    const variants = await liveVariantsOf(db.reads, range);
    const texts = await productTextsOf(db.reads, range);
    for (const row of rows) {
      const { product, text, keys } = indexedProduct(row, variants, texts, categoryNames);
      for (const v of product.variants)
        if (v.id < variantStock.length) variantStock[v.id] = v.stock;
      builder.add(product);
      facetValues.add(product);
      words.add(text);
      visit(row.id, keys);
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

/**
 * Room for ids past the highest one read, so products added later (an import, the back office)
 * are applied in place: a quarter more, and at least this many. An id past it is a full build.
 */
const ROOM_MIN = 16_384;
const withRoom = (highest: number) => highest + Math.max(ROOM_MIN, Math.ceil(highest / 4));
/** Edited products read from the database at a time, with a turn of the event loop between. */
const APPLY_READ_CHUNK = 1_000;
/**
 * Edited products applied at a time, in one synchronous step: an import's rows are one pass
 * over each order, not one per chunk read.
 */
const APPLY_CHUNK = 10_000;
/**
 * Up to this many products an apply moves one by one (a binary search and a shift each, in
 * every order); more are taken out and put back in one pass over each order.
 */
const MOVE_LIMIT = 64;
/**
 * Past this share of the catalog (and at least OVERLAY_MIN products), edited texts searched
 * from the overlay are folded into a full build in the background.
 */
const OVERLAY_SHARE = 4;
const OVERLAY_MIN = 20_000;

/** Each sort's order between two products by their keys, the id last so no two tie. */
function comparators(keys: {
  priceOf: Int32Array;
  createdAt: Float64Array;
  ratingAverage: Float64Array;
  ratingCount: Int32Array;
  salesOf: Int32Array;
}): Record<IndexedSort, (a: number, b: number) => number> {
  const { priceOf, createdAt, ratingAverage, ratingCount, salesOf } = keys;
  const at = (values: Int32Array | Float64Array, id: number) => values[id] ?? 0;
  return {
    price_asc: (a, b) => at(priceOf, a) - at(priceOf, b) || a - b,
    price_desc: (a, b) => at(priceOf, b) - at(priceOf, a) || b - a,
    newest: (a, b) => at(createdAt, b) - at(createdAt, a) || b - a,
    rating: (a, b) =>
      at(ratingAverage, b) - at(ratingAverage, a) ||
      at(ratingCount, b) - at(ratingCount, a) ||
      a - b,
    best_selling: (a, b) => at(salesOf, b) - at(salesOf, a) || a - b,
  };
}

async function buildIndex(db: Db): Promise<CatalogIndex> {
  const kysely = db.reads;
  // The version first: an edit landing during the build moves it again, and is applied after
  // it from the change log; the other way round, an edit could be missed.
  let { version } = await kysely
    .selectFrom('catalog_version')
    .select('version')
    .executeTakeFirstOrThrow();
  const categories = await kysely.selectFrom('categories').select(['id', 'slug']).execute();
  // Products the storefront does not show are left out here, once: for every list, search and
  // product read they do not exist (decision 015).
  const highest = await kysely
    .selectFrom('products')
    .select((eb) => eb.fn.max<number>('id').as('id'))
    .executeTakeFirst();
  const capacity = withRoom(highest?.id ?? 0);
  // Indexed by product id (ids are dense); category 0 means "no such product".
  const categoryOf = new Int32Array(capacity + 1);
  const priceOf = new Int32Array(capacity + 1);
  const createdAt = new Float64Array(capacity + 1);
  const ratingAverage = new Float64Array(capacity + 1);
  const ratingCount = new Int32Array(capacity + 1);
  const salesOf = new Int32Array(capacity + 1);
  const compare = comparators({ priceOf, createdAt, ratingAverage, ratingCount, salesOf });
  const setKeys = (id: number, keys: SortKeys) => {
    categoryOf[id] = keys.categoryId;
    priceOf[id] = keys.price;
    createdAt[id] = keys.createdAt;
    ratingAverage[id] = keys.ratingAverage;
    ratingCount[id] = keys.ratingCount;
    salesOf[id] = keys.sales;
  };
  const categoryIds = new Map(categories.map((c) => [c.slug, c.id]));
  /** Counts by category id fit an array this long (ids are the database's, from 1 up). */
  const categorySlots = Math.max(0, ...categories.map((c) => c.id)) + 1;
  const maxVariant = await kysely
    .selectFrom('product_variants')
    .select((eb) => eb.fn.max<number>('id').as('id'))
    .executeTakeFirst();
  const variantStock = new Int32Array(withRoom(maxVariant?.id ?? 0) + 1);
  const shownIds: number[] = [];
  const { products, text, facetData } = await readProducts(
    db,
    capacity,
    variantStock,
    (id, keys) => {
      setKeys(id, keys);
      shownIds.push(id);
    },
  );

  const orders = new Map<IndexedSort, SortOrder>();
  /** Per sort, each product's rising label along the whole catalog's order (a category's agrees). */
  const positions = new Map<IndexedSort, Int32Array>();
  const byCategory = new Map<number, Map<IndexedSort, SortOrder>>();
  /** One category's order for a sort, made empty when the category has none yet. */
  function categoryOrder(category: number, sort: IndexedSort, sorted = NONE.ids): SortOrder {
    let sorts = byCategory.get(category);
    if (!sorts) byCategory.set(category, (sorts = new Map<IndexedSort, SortOrder>()));
    let order = sorts.get(sort);
    if (!order) sorts.set(sort, (order = new SortOrder(sorted, compare[sort], priceOf)));
    return order;
  }
  for (const sort of SORTS) {
    const ids = Int32Array.from(shownIds).sort(compare[sort]);
    const labels = new Int32Array(capacity + 1);
    positions.set(sort, labels);
    orders.set(sort, new SortOrder(ids, compare[sort], priceOf, labels));
    const perCategory = new Map<number, number[]>();
    for (const id of ids) {
      const category = categoryOf[id] ?? 0;
      let list = perCategory.get(category);
      if (!list) perCategory.set(category, (list = []));
      list.push(id);
    }
    for (const [category, list] of perCategory)
      categoryOrder(category, sort, Int32Array.from(list));
  }
  function orderFor(filter: ProductFilter, sort: IndexedSort): SortedIds {
    if (!filter.category) return orders.get(sort)?.view ?? NONE;
    const category = categoryIds.get(filter.category);
    // An unknown category matches nothing.
    return category === undefined ? NONE : (byCategory.get(category)?.get(sort)?.view ?? NONE);
  }

  // The facet filters' bit sets: every product shown, and each category's products.
  const shown = emptyBits(capacity);
  const categoryBits = new Map<number, Bits>();
  function show(id: number) {
    setBit(shown, id);
    const category = categoryOf[id] ?? 0;
    let bits = categoryBits.get(category);
    if (!bits) categoryBits.set(category, (bits = emptyBits(capacity)));
    setBit(bits, id);
  }
  for (const id of shownIds) show(id);
  /** Takes a product out of the shown and category sets (its orders are seen to apart). */
  function hide(id: number) {
    clearBit(shown, id);
    const bits = categoryBits.get(categoryOf[id] ?? 0);
    if (bits) clearBit(bits, id);
    categoryOf[id] = 0;
  }

  /**
   * Applies a few products one after another: each is found in every order by the keys it was
   * placed with, then moved to its place by its new keys (or taken out, or put in).
   */
  function moveEach(
    changedIds: readonly number[],
    shownNow: readonly IndexedProduct[],
    touched: Set<number>,
  ) {
    const keysOf = new Map(shownNow.map((p) => [p.product.id, p.keys]));
    for (const id of changedIds) {
      const keys = keysOf.get(id);
      const before = hasBit(shown, id) ? (categoryOf[id] ?? 0) : 0;
      const after = keys?.categoryId ?? 0;
      const places = SORTS.map((sort) =>
        before === 0
          ? undefined
          : {
              whole: orders.get(sort)?.indexOf(id) ?? -1,
              category: categoryOrder(before, sort).indexOf(id),
            },
      );
      if (before !== 0) {
        touched.add(before);
        hide(id);
      }
      if (keys) {
        setKeys(id, keys);
        touched.add(after);
        show(id);
      }
      SORTS.forEach((sort, s) => {
        const place = places[s];
        const whole = orders.get(sort);
        if (place && keys) whole?.move(id, place.whole);
        else if (place) whole?.removeAt(place.whole);
        else if (keys) whole?.insert(id);
        if (place && keys && before === after) categoryOrder(after, sort).move(id, place.category);
        else {
          if (place) categoryOrder(before, sort).removeAt(place.category);
          if (keys) categoryOrder(after, sort).insert(id);
        }
      });
    }
  }

  /**
   * Applies many products at once (an import): each order takes out all those it held (found by
   * the keys they were placed with) and puts back those still shown, by their new keys, each
   * entry of the order moving once.
   */
  function mergeAll(
    changedIds: readonly number[],
    shownNow: readonly IndexedProduct[],
    touched: Set<number>,
  ) {
    const rising = (a: number, b: number) => a - b;
    const leaving = changedIds.filter((id) => hasBit(shown, id));
    const wholePlaces = SORTS.map((sort) =>
      leaving.map((id) => orders.get(sort)?.indexOf(id) ?? -1).sort(rising),
    );
    const categoryPlaces = new Map<number, number[][]>();
    for (const id of leaving) {
      const category = categoryOf[id] ?? 0;
      const places = categoryPlaces.get(category) ?? SORTS.map((): number[] => []);
      categoryPlaces.set(category, places);
      SORTS.forEach((sort, s) => places[s]?.push(categoryOrder(category, sort).indexOf(id)));
    }
    for (const id of leaving) {
      touched.add(categoryOf[id] ?? 0);
      hide(id);
    }
    for (const { product, keys } of shownNow) {
      setKeys(product.id, keys);
      touched.add(keys.categoryId);
      show(product.id);
    }
    SORTS.forEach((sort, s) => {
      const arriving = shownNow.map((p) => p.product.id).sort(compare[sort]);
      const whole = orders.get(sort);
      whole?.removeAll(wholePlaces[s] ?? []);
      whole?.insertAll(arriving);
      for (const category of touched) {
        const order = categoryOrder(category, sort);
        order.removeAll(categoryPlaces.get(category)?.[s]?.sort(rising) ?? []);
        order.insertAll(arriving.filter((id) => categoryOf[id] === category));
      }
    });
  }

  const nothing = emptyBits(capacity);
  let inStock: Bits | null = null;
  /** The colours and sizes each category's products have (0: the whole catalog's), until an edit. */
  const valuesByCategory = new Map<number, ValuesPresent>();
  // Kept by the facet data: a colour or size added in place is found too.
  const { colourAt, sizeAt } = facetData;

  /** Each filter in force as the set of products it lets through. */
  function filterBits(filter: ProductFilter, matches: Matches | undefined) {
    const parts = new Map<Dimension, Bits>();
    if (matches) {
      const matched = emptyBits(capacity);
      for (const id of matches.ids) if (id <= capacity) setBit(matched, id);
      parts.set('matches', matched);
    }
    if (filter.category) {
      const category = categoryIds.get(filter.category);
      parts.set('category', (category !== undefined && categoryBits.get(category)) || nothing);
    }
    if (filter.minPrice !== undefined || filter.maxPrice !== undefined) {
      const { ids, prices } = orders.get('price_asc')?.view ?? NONE;
      const band = emptyBits(capacity);
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

  /** Which colours and sizes products of `scope` have. */
  function valuesIn(scope: Bits): ValuesPresent {
    return {
      colours: sharingAnId(scope, facetData.colourBits),
      sizes: sharingAnId(scope, facetData.sizeBits),
    };
  }

  /**
   * `valuesIn` for a category's page (the whole catalog's without one), kept until the next
   * edit: most of the catalog's colours and sizes are missing from any one category, and
   * finding that is a pass over every word of their sets. An unknown category has none.
   */
  function valuesOfCategory(slug: string | undefined, scope: () => Bits): ValuesPresent {
    const category = slug === undefined ? 0 : categoryIds.get(slug);
    if (category === undefined) return { colours: [], sizes: [] };
    let present = valuesByCategory.get(category);
    if (!present) valuesByCategory.set(category, (present = valuesIn(scope())));
    return present;
  }

  /**
   * What the filter panel counts from (`facets`): the products every filter lets through, those
   * all but one dimension's filters let through, each category's count of the latter for the
   * category dimension, and the page's own scope (its search and category) for the values it
   * lists, made only when those are not kept already.
   */
  function countedFromBits(filter: ProductFilter, matches: Matches | undefined): FacetCounting {
    const parts = filterBits(filter, matches);
    // A dimension the filter leaves open is counted against every filter in force: one set.
    const all = allBut(parts);
    const others = (dimension: Dimension) =>
      parts.has(dimension) ? allBut(parts, dimension) : all;
    // A product is in one category: one pass over the set counts them all.
    const inCategory = new Int32Array(categorySlots);
    forEachBit(others('category'), (id) => {
      const at = categoryOf[id] ?? 0;
      inCategory[at] = (inCategory[at] ?? 0) + 1;
    });
    const scope = () =>
      allOf(
        shown,
        [parts.get('matches'), parts.get('category')].filter((b): b is Bits => !!b),
      );
    return { all, others, inCategory, scope };
  }

  /** Whether a list is narrowed by a price band and perhaps a known category, and nothing else. */
  function isPriceBandAlone(filter: ProductFilter): boolean {
    return (
      (filter.minPrice !== undefined || filter.maxPrice !== undefined) &&
      !hasFacetFilter(filter) &&
      (filter.category === undefined || categoryIds.has(filter.category))
    );
  }

  /**
   * `countedFromBits` for a list narrowed by a price band and perhaps a category (most lists
   * that have filters): each category's products in the band are one run of its price order,
   * so each category is counted by two binary searches rather than by a pass over every product
   * in the band, and the products the list shows are the run of its own order.
   */
  function countedFromPriceOrders(filter: ProductFilter): FacetCounting {
    const min = filter.minPrice ?? 0;
    const end = (filter.maxPrice ?? MAX_PRICE - 1) + 1;
    const inCategory = new Int32Array(categorySlots);
    for (const [category, sorts] of byCategory) {
      const prices = sorts.get('price_asc')?.view.prices ?? NONE.prices;
      inCategory[category] = Math.max(0, firstAtLeast(prices, end) - firstAtLeast(prices, min));
    }
    const { ids, prices } = orderFor(filter, 'price_asc');
    const all = emptyBits(capacity);
    for (let i = firstAtLeast(prices, min), last = firstAtLeast(prices, end); i < last; i++)
      setBit(all, ids[i] ?? 0);
    const category = filter.category
      ? categoryBits.get(categoryIds.get(filter.category) ?? 0)
      : undefined;
    return {
      all,
      others: () => all,
      inCategory,
      scope: () => allOf(shown, category ? [category] : []),
    };
  }

  function inStockNow(): Bits {
    return (inStock ??= inStockBits(facetData, capacity, variantStock));
  }

  return {
    get version() {
      return version;
    },
    set version(value) {
      version = value;
    },
    products,
    text,
    facetData,
    variantStock,

    stockRead() {
      inStock = null;
    },

    size: () => orders.get('best_selling')?.length ?? 0,

    apply(changedIds, shownNow) {
      if (changedIds.some((id) => id > capacity)) return false;
      valuesByCategory.clear();
      for (const { product } of shownNow)
        if (product.variants.some((v) => v.id >= variantStock.length)) return false;
      const touched = new Set<number>();
      const wasShown = changedIds.filter((id) => hasBit(shown, id));
      if (changedIds.length <= MOVE_LIMIT) moveEach(changedIds, shownNow, touched);
      else mergeAll(changedIds, shownNow, touched);
      // A category left empty is one the index never saw, as a fresh build would have it.
      for (const category of touched)
        if ((byCategory.get(category)?.get('best_selling')?.length ?? 0) === 0) {
          byCategory.delete(category);
          categoryBits.delete(category);
        }
      for (const id of wasShown) {
        products.remove(id);
        facetData.update(id, undefined);
        if (inStock) clearBit(inStock, id);
      }
      for (const { product } of shownNow) {
        products.set(product);
        facetData.update(product.id, product);
        for (const v of product.variants) variantStock[v.id] = v.stock;
        // The in-stock set, when made, follows the product rather than being made anew.
        if (inStock && product.variants.some((v) => v.stock > 0)) setBit(inStock, product.id);
      }
      text.update(
        changedIds,
        shownNow.map((p) => p.text),
      );
      return true;
    },

    resortBestSelling(sales) {
      for (const { id, sales: count } of sales) if (id <= capacity) salesOf[id] = count;
      orders.get('best_selling')?.resort();
      for (const sorts of byCategory.values()) sorts.get('best_selling')?.resort();
    },

    facets(filter, matches) {
      const { all, others, inCategory, scope } =
        !matches && isPriceBandAlone(filter)
          ? countedFromPriceOrders(filter)
          : countedFromBits(filter, matches);
      // Values are listed when the page's own scope (its search or category) has them.
      const present = matches ? valuesIn(scope()) : valuesOfCategory(filter.category, scope);
      const colourCounts = countEachIn(
        others('colour'),
        present.colours.map((i) => facetData.colourBits[i] ?? nothing),
      );
      const sizeCounts = countEachIn(
        others('size'),
        present.sizes.map((i) => facetData.sizeBits[i] ?? nothing),
      );
      const ratingCounts = countEachIn(
        others('rating'),
        RATING_STEPS.map((atLeast) => facetData.atLeast[atLeast - 1] ?? nothing),
      );
      return {
        total: countBits(all),
        categories: categories.flatMap(({ id, slug }) =>
          categoryBits.has(id) ? [{ slug, count: inCategory[id] ?? 0 }] : [],
        ),
        colours: present.colours.flatMap((at, i) => {
          const colour = facetData.colours[at];
          return colour ? [{ ...colour, count: colourCounts[i] ?? 0 }] : [];
        }),
        sizes: present.sizes.flatMap((at, i) => {
          const name = facetData.sizes[at];
          return name === undefined ? [] : [{ name, count: sizeCounts[i] ?? 0 }];
        }),
        inStock: countBoth(others('inStock'), inStockNow()),
        onSale: countBoth(others('onSale'), facetData.onSale),
        ratings: RATING_STEPS.map((atLeast, i) => ({ atLeast, count: ratingCounts[i] ?? 0 })),
      };
    },

    productsIn: (categoryId) => byCategory.get(categoryId)?.get('best_selling')?.length ?? 0,

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
      const { ids, rank } = matches;
      // Without filters every match counts (the text index holds only products shown, each with
      // its category): matches laid out best first are their own relevance order.
      const unfiltered = category === 0 && min < 0 && max === MAX_PRICE && !facetFilter;
      if (unfiltered && !position && !rank)
        return { ids: Array.from(ids.subarray(offset, offset + limit)), total: ids.length };
      // A frequent term's matches as a bit set: the sort's order is walked taking them, when
      // that reads fewer products (about the page's end over their share of the catalog) than
      // offering every match to the page's heap.
      const order = sort === 'relevance' ? undefined : orders.get(sort)?.view.ids;
      if (
        unfiltered &&
        order &&
        matches.bits &&
        (offset + limit) * order.length <= ids.length ** 2
      ) {
        const page: number[] = [];
        for (let i = 0, seen = 0; i < order.length && page.length < limit; i++) {
          const id = order[i] ?? 0;
          if (hasBit(matches.bits, id) && seen++ >= offset) page.push(id);
        }
        return { ids: page, total: ids.length };
      }
      // Never more than there are matches: a page far past the last one keeps nothing.
      const best = new SmallestK(Math.min(offset + limit, ids.length));
      if (unfiltered) {
        for (let i = 0; i < ids.length; i++) {
          const id = ids[i] ?? 0;
          best.offer(position ? (position[id] ?? 0) : (rank?.[i] ?? i), id);
        }
        return { ids: best.sortedIds().slice(offset), total: ids.length };
      }
      let total = 0;
      for (let i = 0; i < ids.length; i++) {
        const id = ids[i] ?? 0;
        const inCategory = categoryOf[id] ?? 0;
        // 0: a product added after this index was built, which the next one will hold.
        if (inCategory === 0 || (category !== 0 && inCategory !== category)) continue;
        const price = priceOf[id] ?? -1;
        if (price < min || price > max) continue;
        if (facetFilter && !hasBit(facetFilter, id)) continue;
        total++;
        best.offer(position ? (position[id] ?? 0) : (rank?.[i] ?? i), id);
      }
      return { ids: best.sortedIds().slice(offset), total };
    },
  };
}

/** What a filter panel's counts are taken from (the catalog index's `countedFromBits`). */
interface FacetCounting {
  all: Bits;
  others: (dimension: Dimension) => Bits;
  /** By category id. */
  inCategory: Int32Array;
  scope: () => Bits;
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
