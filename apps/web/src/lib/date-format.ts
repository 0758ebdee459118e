import { keptFormats } from './number-format';

/**
 * One `Intl.DateTimeFormat` per language and options, built on first use. The first `Intl`
 * object a page builds loads the browser's locale data: 50–60 ms of a phone's main thread in
 * one call (a page the server rendered builds none before then, decision 011).
 */
export const dateFormat = keptFormats(
  (locale: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
);
