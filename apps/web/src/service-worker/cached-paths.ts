/**
 * What the installed app's service worker may keep, as lists of what may be kept rather than of
 * what may not: a new personal page or API route is never stored by default. Catalog pages and
 * reads are the same for every shopper (the server sends personal answers `no-store` as well).
 */

export const OFFLINE_PAGE = '/offline.html';

/** The storefront's catalog and content pages (lib/paths.ts). */
const CACHED_PAGES = [
  /^\/$/,
  /^\/productS$/,
  /^\/productdetails\/[^/]+$/,
  /^\/category$/,
  /^\/search$/,
  /^\/(about|contact|faq|privacy-policy|terms-of-use)$/,
];

/** The catalog's public reads and the shop settings (a product's reviews know who asks). */
const CACHED_API = [
  /^\/api\/products(\/[^/]+)?$/,
  /^\/api\/(categories|facets|search|flash-sale|settings)$/,
];

export const isCachedPagePath = (pathname: string) =>
  CACHED_PAGES.some((pattern) => pattern.test(pathname));

export const isCachedApiPath = (pathname: string) =>
  CACHED_API.some((pattern) => pattern.test(pathname));
