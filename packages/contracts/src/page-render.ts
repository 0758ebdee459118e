import type { LanguageCode } from './languages';
import type { ShopSettings } from './shop-settings';
import type {
  CategoryList,
  Facets,
  FlashSale,
  Product,
  ProductList,
  ProductListQuery,
} from './catalog';
import type { Review } from './reviews';

/** `GET /api/products`' parameters as the web app holds them, before they become a query string. */
export type ProductListParams = Partial<
  Record<keyof ProductListQuery, string | number | undefined>
>;

/**
 * The web build's server entry (`apps/web/dist/server/entry-server.js`) and what the server gives
 * it. Types only: the server loads the built file at start-up and calls `renderPage` for each
 * page request; the web app renders that page with the same components the browser hydrates.
 */
export const SERVER_ENTRY_FILE = 'server/entry-server.js';

/** The language a page is rendered in. */
export type PageLanguage = LanguageCode;

/**
 * `<meta name="souq:server-time" content="ISO time">`: the server's clock when it sent the page.
 * A rendered page is kept for a few seconds, so clocks read while rendering it (the flash sale's
 * `serverTime`) are set to this one in the browser.
 */
export const SERVER_TIME_META = 'souq:server-time';

/**
 * The characters JSON inside a page's `<script>` elements has escaped as `\uXXXX` (its state and
 * its JSON-LD): `<`, so no text can close the element, and the line and paragraph separators.
 */
export const SCRIPT_ESCAPED_CHARACTERS = ['<', '\u2028', '\u2029'] as const;

/** The catalog reads a page may need, answered in process by the catalog service. */
export interface PageCatalog {
  categories(): Promise<CategoryList>;
  /** The parameters as the web app sends them to `GET /api/products`; the server validates them. */
  products(query: ProductListParams): Promise<ProductList>;
  /** The same parameters without sort and page, as sent to `GET /api/facets`. */
  facets(query: ProductListParams): Promise<Facets>;
  /** undefined when the shop has no such product. */
  product(idOrSlug: string): Promise<Product | undefined>;
  /** The sale running now, with the server's clock at the time of reading. */
  flashSale(): Promise<FlashSale>;
  /** A product's newest published reviews (a few, for its JSON-LD). */
  newestReviews(productId: number): Promise<Review[]>;
  /**
   * The JSON, as UTF-8, that a value these reads returned was parsed from (a list page or a
   * product, as the API sends it), when it can stand inside a `<script>` element as it is (none
   * of `SCRIPT_ESCAPED_CHARACTERS` in it); otherwise undefined. The
   * page's state writes those bytes rather than writing the value again.
   */
  jsonOf(value: unknown): Uint8Array | undefined;
}

export interface PageRequest {
  /** The path and query as asked for, e.g. `/productdetails/7?lang=ar`. */
  url: string;
  language: PageLanguage;
  /** Where shoppers reach the shop (`PUBLIC_URL`), for canonical and social links. */
  origin: string;
  catalog: PageCatalog;
  /** The shop's settings as of this request: the layout, the head and JSON-LD show them. */
  settings: ShopSettings;
  /**
   * The order total from which every delivery zone delivers free, in minor units of the shop's
   * currency, for the storefront's promise; null when no such amount holds everywhere.
   */
  freeDeliveryFrom: number | null;
}

/**
 * A rendered page's parts as UTF-8, encoded as soon as they are written. A page waits its turn
 * to be sent behind others rendered meanwhile (on PostgreSQL, those whose reads came back
 * together), and as text its markup, a string joined from thousands of pieces, lived through
 * young garbage collections and was copied into the old generation; as bytes it is one object
 * outside the JavaScript heap (decision 028, "a page handed over as bytes").
 */
export interface RenderedPage {
  /** 404 for an unknown path or product: the not-found page is rendered. */
  status: 200 | 404;
  /** False for pages rendered in the browser only (personal pages): `root` holds no markup. */
  rendered: boolean;
  /** Tags for `<head>`: title, description, canonical, alternates, social cards, JSON-LD. */
  head: Uint8Array;
  /**
   * What takes the place of index.html's empty `<div id="root"></div>`: that element with the
   * app's markup in it, then `<script type="application/json" id="souq-state">` with what
   * hydration needs.
   */
  root: Uint8Array;
}

export type RenderPage = (request: PageRequest) => Promise<RenderedPage>;
