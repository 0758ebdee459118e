import { z } from 'zod';

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
 * The shop's languages, from one list: the enum every contract validates a language with, its
 * type, and the lookups the server and the web app use. The first language is the shop's own:
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
  const languageSchema = z.enum(codes);
  return {
    shopLanguages: list,
    languageCodes: codes,
    /** The shop's own language: the default and the fallback of every other. */
    defaultLanguage: defaultLanguage.code as L[0]['code'],
    /** The languages text is translated into, the default excluded. */
    translatedLanguages: list.slice(1) as readonly ShopLanguage[],
    languageSchema,
    isLanguage,
    /** The language's entry; the default language's for anything else. */
    languageOf: (code: string): ShopLanguage => byCode.get(code) ?? defaultLanguage,
    /**
     * Text written in the languages besides the default, keyed by language code: each is
     * optional, and a reader falls back to the base text in the default language, which is
     * never a key here (it is the entity's own `name`, `description`).
     */
    translationsSchema: <T extends z.ZodType>(text: T) =>
      z.partialRecord(languageSchema, text).refine((texts) => !(defaultLanguage.code in texts), {
        message: `The shop's own language is the text itself, not a translation`,
      }),
    /**
     * Text kept per language with no base text beside it (a shop setting such as the promo
     * bar's words), keyed by language code, the default language included.
     */
    textPerLanguageSchema: <T extends z.ZodType>(text: T) => z.partialRecord(languageSchema, text),
  };
}

/** English first: the shop's default. Adding a language: its entry here and its locale files. */
export const {
  shopLanguages,
  languageCodes,
  defaultLanguage,
  translatedLanguages,
  languageSchema,
  isLanguage,
  languageOf,
  translationsSchema,
  textPerLanguageSchema,
} = defineLanguages([
  { code: 'en', dir: 'ltr', nativeName: 'English', intlLocale: 'en', ogLocale: 'en_US' },
  { code: 'ar', dir: 'rtl', nativeName: 'العربية', intlLocale: 'ar', ogLocale: 'ar_AR' },
]);
export type LanguageCode = z.infer<typeof languageSchema>;

/** A text kept per language: the page's language's, else the default language's; '' when neither is set. */
export function textIn(text: Partial<Record<LanguageCode, string>>, language: string): string {
  return text[language as LanguageCode] || text[defaultLanguage] || '';
}
