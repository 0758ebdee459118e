import { languageOf } from '@souq/contracts/languages';

/**
 * A maker of one `Intl` format per language and options, each built on first use and kept:
 * building one is costly (the first a page builds loads the browser's locale data, 20–60 ms in
 * one call), and what uses them redraws often.
 */
export function keptFormats<Options, Format>(
  build: (locale: string, options: Options) => Format,
): (locale: string, options: Options) => Format {
  const formats = new Map<string, Format>();
  return (locale, options) => {
    const key = `${locale}|${JSON.stringify(options)}`;
    let format = formats.get(key);
    if (!format) {
      format = build(locale, options);
      formats.set(key, format);
    }
    return format;
  };
}

/** One `Intl.NumberFormat` per language and options: prices and the countdown redraw often. */
export const numberFormat = keptFormats(
  (locale: string, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
);

/**
 * What the server formatted for a page with `Intl` (decision 011): each number it wrote, by
 * format and value, each country it named (country-names.ts), and the digits of the page's
 * language. A page hydrates with them, so it builds no `Intl.NumberFormat` or
 * `Intl.DisplayNames` until it shows a text the server did not write: the first of each a page
 * builds loads the browser's data for it, 20–60 ms of a phone's main thread in one task.
 */
export interface PageNumbers {
  /** By format (`formatted`'s first argument), then by value (a number, or a country's code): the text. */
  formatted: Record<string, Record<string, string>>;
  /** The language's digits 0 to 9, as its number format writes them. */
  digits: { locale: string; glyphs: string[] };
}

let known: Partial<PageNumbers> | undefined;
let recording: PageNumbers['formatted'] | undefined;

/** `value` as `format` writes it: the server's text for it when it sent one, else `write()`. */
export function formatted(format: string, value: number | string, write: () => string): string {
  // The page's state is checked here, where it is read: a text that is not one is not used.
  const sent: unknown = known?.formatted?.[format]?.[value];
  const text = typeof sent === 'string' ? sent : write();
  if (recording) (recording[format] ??= {})[value] = text;
  return text;
}

const NO_OPTIONS: Intl.NumberFormatOptions = {};

/** A number formatted for `locale`, with `options`. */
export function formatNumber(
  value: number,
  locale: string,
  options: Intl.NumberFormatOptions = NO_OPTIONS,
): string {
  return formatted(
    // Most numbers take no options: their format's name needs no JSON written each time.
    `${locale} ${options === NO_OPTIONS ? '{}' : JSON.stringify(options)}`,
    value,
    () => smallWholeNumber(value, locale, options) ?? numberFormat(locale, options).format(value),
  );
}

/**
 * A number in a text (`{{count, number}}`), as the app's i18next instances write it (lib/i18n.ts
 * installs it as their `number` format; the server's page texts write it themselves).
 */
export function numberInText(value: number, language: string): string {
  return formatNumber(value, languageOf(language).intlLocale);
}

/**
 * A whole number from 0 to 999 with no options needs no separator, so it is the page's digits
 * (a cart's count, a review's stars): written from them, it builds no format after hydration.
 */
function smallWholeNumber(
  value: number,
  locale: string,
  options: Intl.NumberFormatOptions,
): string | undefined {
  if (!Number.isInteger(value) || value < 0 || value > 999 || Object.keys(options).length > 0)
    return undefined;
  const glyphs = pageDigits(locale);
  return glyphs && String(value).replace(/\d/g, (digit) => glyphs[Number(digit)] ?? digit);
}

/** The digits the server sent for `locale`, when they are ten texts. */
function pageDigits(locale: string): string[] | undefined {
  const glyphs: unknown = known?.digits?.locale === locale ? known.digits.glyphs : undefined;
  return Array.isArray(glyphs) &&
    glyphs.length === 10 &&
    glyphs.every((glyph) => typeof glyph === 'string')
    ? glyphs
    : undefined;
}

/**
 * A whole number, zero or more, of at least two digits in the language's digits, as a countdown
 * shows it (`minimumIntegerDigits: 2`, no grouping). It changes every second, so it is written
 * from the page's digits rather than from the server's text.
 */
export function twoDigits(value: number, locale: string): string {
  const glyphs = pageDigits(locale);
  if (!glyphs) {
    return numberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false }).format(value);
  }
  return String(value)
    .padStart(2, '0')
    .replace(/\d/g, (digit) => glyphs[Number(digit)] ?? digit);
}

/**
 * The browser's side: the numbers the server sent with the page (page-state.ts). They are read
 * from the page's JSON, so each part is checked as it is used.
 */
export function seedPageNumbers(numbers: unknown) {
  known = typeof numbers === 'object' && numbers !== null ? numbers : undefined;
}

const localeDigits = new Map<string, string[]>();

/** The digits 0 to 9 as `locale`'s number format writes them, worked out once a locale. */
function digitsOf(locale: string): string[] {
  let glyphs = localeDigits.get(locale);
  if (!glyphs) {
    const format = numberFormat(locale, { useGrouping: false });
    glyphs = Array.from({ length: 10 }, (_, digit) => format.format(digit));
    localeDigits.set(locale, glyphs);
  }
  return glyphs;
}

/**
 * The server's side: `render()`, and every number it formatted for `locale`. The render must be
 * synchronous (preact-render-to-string's is), so no other page's numbers are recorded with it.
 */
export function recordPageNumbers<T>(
  locale: string,
  render: () => T,
): { result: T; numbers: PageNumbers } {
  const numbers: PageNumbers = { formatted: {}, digits: { locale, glyphs: digitsOf(locale) } };
  recording = numbers.formatted;
  try {
    return { result: render(), numbers };
  } finally {
    recording = undefined;
  }
}
