import { isLanguage, type LanguageCode } from '@souq/contracts/languages';

const LANGUAGE_STORAGE_KEY = 'souq.language';
/**
 * The remembered choice, also as a cookie, so the server renders a page in it (decision 011):
 * a shopper who chose Arabic gets Arabic HTML on a reload, not English mirrored after a moment.
 */
export const LANGUAGE_COOKIE = 'souq_lang';
const ONE_YEAR_S = 365 * 24 * 60 * 60;

export function storedLanguage(): LanguageCode | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberLanguage(code: LanguageCode) {
  document.cookie = `${LANGUAGE_COOKIE}=${code}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax`;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // the choice lasts for this visit only
  }
}

/** The language a link asks for (`?lang=ar`, a shared link such as /about?lang=ar), if we have it. */
export function languageInLink(search: string): LanguageCode | null {
  const requested = new URLSearchParams(search).get('lang');
  return isLanguage(requested) ? requested : null;
}
