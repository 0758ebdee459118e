import { formatted } from './number-format';

// The country list (`useCountryOptions`, country-options.ts) is not imported here: naming one
// country is in every page's footer, and the list would bring the contracts' schemas with it.

const regionNames = new Map<string, Intl.DisplayNames>();

/** One `Intl.DisplayNames` per language, built on first use (the first loads the browser's names). */
export function regionNamesIn(intlLocale: string): Intl.DisplayNames {
  let names = regionNames.get(intlLocale);
  if (!names) {
    names = new Intl.DisplayNames([intlLocale], { type: 'region', fallback: 'code' });
    regionNames.set(intlLocale, names);
  }
  return names;
}

/**
 * A country's name in the page's language; a page the server rendered hydrates with the name the
 * server wrote (number-format.ts), so the footer's address builds no `Intl.DisplayNames` on load.
 */
export function countryName(code: string, intlLocale: string): string {
  return formatted(`region ${intlLocale}`, code, () => regionNamesIn(intlLocale).of(code) ?? code);
}
