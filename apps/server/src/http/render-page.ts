import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type {
  CategoryList,
  Facets,
  Product,
  ProductList,
  ProductListQuery,
} from '@souq/contracts/catalog';
import { facetQuerySchema, productListQuerySchema } from '@souq/contracts/catalog';
import { defaultLanguage, isLanguage } from '@souq/contracts/languages';
import {
  SCRIPT_ESCAPED_CHARACTERS,
  SERVER_ENTRY_FILE,
  type PageCatalog,
  type PageLanguage,
  type ProductListParams,
  type RenderedPage,
  type RenderPage,
} from '@souq/contracts/page-render';
import type { CatalogService } from '../modules/catalog/catalog.service';
import type { ReviewsService } from '../modules/reviews/reviews.service';
import type { CurrentSettings } from '../modules/settings/settings.service';
import {
  CATALOG_API_TTL_MS,
  CATALOG_CACHE_TTL_MS,
  shortLivedCache,
} from '../modules/catalog/short-lived-cache';

/** The cookie the web app sets with a shopper's chosen language (lib/languages.ts). */
const LANGUAGE_COOKIE = /(?:^|;\s*)souq_lang=([^;]*)/;
const PAGE_CACHE_ENTRIES = 2_000;
/** A page is kept as its own parts, uncompressed: about 260 product pages or 130 list pages. */
const PAGE_CACHE_BYTES = 10 * 1024 * 1024;

/**
 * The page's language: `?lang=` (a distinct, crawlable address), else the shopper's remembered
 * choice (its cookie), else English. Anything else in either is ignored, not refused.
 */
export function pageLanguage(
  search: URLSearchParams,
  cookieHeader: string | undefined,
): PageLanguage {
  const asked = search.get('lang');
  if (isLanguage(asked)) return asked;
  const remembered = LANGUAGE_COOKIE.exec(cookieHeader ?? '')?.[1];
  return isLanguage(remembered) ? remembered : defaultLanguage;
}

/** Parameters as the API reads the query string the browser would send (lib/catalog-api.ts). */
function asQueryString(params: ProductListParams): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params as Record<string, string | number | undefined>).flatMap(([key, value]) =>
      value === undefined || value === '' ? [] : [[key, String(value)]],
    ),
  );
}

/** What a page's state escapes in its script element, as UTF-8. */
const SCRIPT_ESCAPED = SCRIPT_ESCAPED_CHARACTERS.map((character) => Buffer.from(character));

/** How many of a product's reviews its page's JSON-LD names beside the average. */
export const JSON_LD_REVIEWS = 3;

/**
 * The catalog reads of a page, in process: the same service and validation as the API's. The
 * filter panel's counts depend on the filters alone, not on the sort, the page or the language,
 * so the pages of one filter share them for as long as the API keeps its facets answer: counting
 * them again for every distinct list page was a tenth of its CPU (decision 028). The category
 * list is the same for every page, and is kept as long as the API keeps its own: on PostgreSQL
 * its two reads were two round trips for every list and home page. Each page gets reads of its
 * own, which keep the JSON each product read was parsed from for that page's state
 * (`jsonOf`), unless it holds text a script element cannot (the state escapes it); they go
 * with the page.
 */
function pageCatalog(
  catalog: CatalogService,
  reviews: ReviewsService,
  now: () => number,
): () => PageCatalog {
  const facetCounts = shortLivedCache<Facets>({
    ttlMs: CATALOG_API_TTL_MS,
    maxEntries: PAGE_CACHE_ENTRIES,
    now,
    generation: catalog.indexVersion,
  });
  const categoryList = shortLivedCache<CategoryList>({
    ttlMs: CATALOG_API_TTL_MS,
    maxEntries: 1,
    now,
    generation: catalog.indexVersion,
  });
  return () => {
    const readJson = new Map<unknown, Uint8Array>();
    function parsed(json: Buffer): unknown {
      const value: unknown = JSON.parse(json.toString());
      if (!SCRIPT_ESCAPED.some((text) => json.includes(text))) readJson.set(value, json);
      return value;
    }
    return {
      categories: () =>
        categoryList.get('', async () => ({ items: await catalog.listCategories() })),
      async products(params) {
        const valid: ProductListQuery = productListQuerySchema.parse(asQueryString(params));
        return parsed(await catalog.listPageJson(valid)) as ProductList;
      },
      facets(params) {
        const query = facetQuerySchema.parse(asQueryString(params));
        return facetCounts.get(JSON.stringify(query), () => catalog.facets(query));
      },
      async product(idOrSlug) {
        const json = await catalog.findProductJson(idOrSlug);
        return json && (parsed(json) as Product);
      },
      flashSale: async () => ({
        sale: await catalog.currentFlashSale(),
        serverTime: new Date(now()).toISOString(),
      }),
      newestReviews: (productId) => reviews.newest(productId, JSON_LD_REVIEWS),
      jsonOf: (value) => readJson.get(value),
    };
  };
}

/**
 * Loads the web build's server entry (decision 011), or null when the build has none (a
 * development checkout, or a test's stand-in build): the shop then serves the plain index.html.
 */
export async function loadPageRenderer(distDir: string): Promise<RenderPage | null> {
  const file = path.join(distDir, SERVER_ENTRY_FILE);
  if (!fs.existsSync(file)) return null;
  const entry = (await import(pathToFileURL(file).href)) as { renderPage?: unknown };
  if (typeof entry.renderPage !== 'function') {
    throw new Error(`${file} does not export renderPage; rebuild the web app`);
  }
  return entry.renderPage as RenderPage;
}

export interface PageRequestInfo {
  /** The request target's path and query (origin form). */
  target: string;
  cookieHeader: string | undefined;
  /** The shop's settings as of this request. */
  settings: CurrentSettings;
  /** The storefront's "free delivery over" amount (PageRequest). */
  freeDeliveryFrom: number | null;
}

/**
 * Renders pages on the server and keeps each for the catalog's five seconds (decision 002), or
 * until the catalog index applies an edit, keyed by language, settings version, delivery
 * promise and address: every shopper gets the same HTML for these,
 * since personal pages are rendered as an empty shell that the browser fills, and a page
 * rendered before the owner's last save is not sent after it.
 */
export function createPageRenderer(
  renderPage: RenderPage,
  {
    catalog,
    reviews,
    origin,
    now,
  }: { catalog: CatalogService; reviews: ReviewsService; origin: string; now: () => number },
) {
  const readsForPage = pageCatalog(catalog, reviews, now);
  const pages = shortLivedCache<RenderedPage>({
    ttlMs: CATALOG_CACHE_TTL_MS,
    maxEntries: PAGE_CACHE_ENTRIES,
    maxSize: {
      total: PAGE_CACHE_BYTES,
      of: (page) => page.head.length + page.root.length,
    },
    now,
    generation: catalog.indexVersion,
  });
  return async function render({
    target,
    cookieHeader,
    settings,
    freeDeliveryFrom,
  }: PageRequestInfo) {
    const url = new URL(target, 'http://page.invalid');
    const language = pageLanguage(url.searchParams, cookieHeader);
    const key = `${language} ${settings.version} ${freeDeliveryFrom} ${target}`;
    const page = await pages.get(key, () =>
      renderPage({
        url: target,
        language,
        origin,
        catalog: readsForPage(),
        settings: settings.settings,
        freeDeliveryFrom,
      }),
    );
    return { page, language };
  };
}
