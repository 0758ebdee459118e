import { SERVER_TIME_META } from '@souq/contracts/page-render';
import type { CatalogEntry } from './catalog-api';
import { isLanguage, type LanguageCode } from '@souq/contracts/languages';
import type { ShopSettings } from '@souq/contracts/shop-settings';

/** The element that carries it: JSON data, not a script, so a `script-src 'self'` CSP allows it. */
export const PAGE_STATE_ID = 'souq-state';

/** A page's address as `notFoundAt` names it: path and query, as the browser's URL parser writes them. */
export function addressOf(location: { pathname: string; search: string }): string {
  return location.pathname + location.search;
}

/** What the server tells the browser about the page it rendered (decision 011). */
export interface PageState {
  /** The language the HTML is in; hydration renders in it too. */
  language: LanguageCode;
  /** Whether `#root` holds the server's rendering of the page (personal pages are an empty shell). */
  rendered: boolean;
  /**
   * The address (`addressOf`) the server answered 404 for although a route matches it: an
   * unknown product, or a list of an unknown category.
   */
  notFoundAt?: string;
  /** The shop's settings (name, contacts, promo bar…), so the layout needs no request for them. */
  settings: ShopSettings;
  /** The "free delivery over" amount the storefront may promise (PageRequest.freeDeliveryFrom). */
  freeDeliveryFrom: number | null;
  /** The catalog reads of the page's first render. */
  catalog: CatalogEntry[];
  /**
   * The numbers the page shows as the server formatted them (`PageNumbers`), so hydration needs
   * no Intl; checked where they are read (lib/number-format.ts).
   */
  numbers?: unknown;
}

/**
 * The page's state as the server embedded it, or undefined for a page without one (the
 * development server's index.html). It comes from our own server, so only its shape is checked:
 * a page whose state is unreadable is rendered afresh instead of hydrated.
 */
export function readPageState(): PageState | undefined {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent;
  if (!text) return undefined;
  try {
    const state = JSON.parse(text) as Partial<PageState> | null;
    if (
      !state ||
      !isLanguage(state.language) ||
      typeof state.rendered !== 'boolean' ||
      !state.settings ||
      typeof state.settings !== 'object' ||
      !Array.isArray(state.catalog) ||
      (state.freeDeliveryFrom !== null && !Number.isSafeInteger(state.freeDeliveryFrom)) ||
      (state.notFoundAt !== undefined && typeof state.notFoundAt !== 'string')
    ) {
      return undefined;
    }
    return withClockOfSending(state as PageState);
  } catch {
    return undefined;
  }
}

/** The flash sale's clock as of the page's sending rather than its rendering (SERVER_TIME_META). */
function withClockOfSending(state: PageState): PageState {
  const sentAt = document
    .querySelector(`meta[name="${SERVER_TIME_META}"]`)
    ?.getAttribute('content');
  if (!sentAt || Number.isNaN(Date.parse(sentAt))) return state;
  const catalog = state.catalog.map((entry) =>
    entry.endpointName === 'getFlashSale'
      ? { ...entry, value: { ...entry.value, serverTime: sentAt } }
      : entry,
  );
  return { ...state, catalog };
}
