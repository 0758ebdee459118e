const formats = new Map<string, Intl.NumberFormat>();

/**
 * One `Intl.NumberFormat` per language and options, built on first use: building one is costly
 * (the first a page builds loads the language's data), and prices and the countdown redraw often.
 */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
