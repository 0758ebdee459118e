/** One language the shop speaks: everything that differs per language and is not text. */
export interface ShopLanguage {
  /** The BCP 47 primary tag: `?lang=`, `<html lang>`, hreflang, the locale folders' names. */
  readonly code: string;
  readonly dir: 'ltr' | 'rtl';
  /** The language's name in itself, as the language picker shows it. */
  readonly nativeName: string;
  /** The locale numbers, money and dates are written in (`Intl`). */
  readonly intlLocale: string;
  /** Open Graph's `og:locale` (language_TERRITORY). */
  readonly ogLocale: string;
}

/**
 * The shop's languages, from one list: their codes and type, and the lookups the server and the
 * web app use (the schemas that validate them are in language-schemas.ts, so a page that only
 * needs a language's direction does not load zod). The first language is the shop's own:
 * the default, the fallback of every text, and the one held in the catalog's base rows
 * (decision 018). Production code has one list (`shopLanguages` below); a test may build
 * another with this function to add a language (languages.test in the server and web app).
 */
export function defineLanguages<const L extends readonly [ShopLanguage, ...ShopLanguage[]]>(
  list: L,
) {
  type Code = L[number]['code'];
  const codes = list.map((language) => language.code) as [Code, ...Code[]];
  const [defaultLanguage] = list;
  const byCode = new Map<string, ShopLanguage>(list.map((language) => [language.code, language]));
  const isLanguage = (value: unknown): value is Code =>
    typeof value === 'string' && byCode.has(value);
  return {
    shopLanguages: list,
    languageCodes: codes,
    /** The shop's own language: the default and the fallback of every other. */
    defaultLanguage: defaultLanguage.code as L[0]['code'],
    /** The languages text is translated into, the default excluded. */
    translatedLanguages: list.slice(1) as readonly ShopLanguage[],
    isLanguage,
    /** The language's entry; the default language's for anything else. */
    languageOf: (code: string): ShopLanguage => byCode.get(code) ?? defaultLanguage,
  };
}

/** English first: the shop's default. Adding a language: its entry here and its locale files. */
export const {
  shopLanguages,
  languageCodes,
  defaultLanguage,
  translatedLanguages,
  isLanguage,
  languageOf,
} = defineLanguages([
  { code: 'en', dir: 'ltr', nativeName: 'English', intlLocale: 'en', ogLocale: 'en_US' },
  { code: 'ar', dir: 'rtl', nativeName: 'العربية', intlLocale: 'ar', ogLocale: 'ar_AR' },
]);
export type LanguageCode = (typeof languageCodes)[number];

/** A text kept per language: the page's language's, else the default language's; '' when neither is set. */
export function textIn(text: Partial<Record<LanguageCode, string>>, language: string): string {
  return text[language as LanguageCode] || text[defaultLanguage] || '';
}

/** `textIn`'s text as its non-blank lines, trimmed (an address written a line each). */
export function linesIn(text: Partial<Record<LanguageCode, string>>, language: string): string[] {
  return textIn(text, language)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}
