import type { CatalogEntry } from './catalog-api';
import { isLanguage, type LanguageCode } from './i18n';

/** The element that carries it: JSON data, not a script, so a `script-src 'self'` CSP allows it. */
export const PAGE_STATE_ID = 'souq-state';

/** What the server tells the browser about the page it rendered (decision 011). */
export interface PageState {
  /** The language the HTML is in; hydration renders in it too. */
  language: LanguageCode;
  /** Whether `#root` holds the server's rendering of the page (personal pages are an empty shell). */
  rendered: boolean;
  /** The path the server answered 404 for although a route matches it (an unknown product). */
  notFoundAt?: string;
  /** The catalog reads of the page's first render. */
  catalog: CatalogEntry[];
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
      !Array.isArray(state.catalog) ||
      (state.notFoundAt !== undefined && typeof state.notFoundAt !== 'string')
    ) {
      return undefined;
    }
    return state as PageState;
  } catch {
    return undefined;
  }
}
