/**
 * Money, in one place for the server, the storefront, the back office, mail and the page head.
 * Every amount is an integer of the currency's minor units (cents for USD, fils for KWD, yen for
 * JPY); only this module turns them into or out of major units.
 */

/**
 * ISO 4217's minor units for the currencies that do not have two. Intl's currency formats are
 * not the source: CLDR shows fewer digits than ISO for 27 currencies (IQD, COP, HUF, IDR, PKR…
 * with none), and asking it would build an `Intl.NumberFormat` while a page hydrates.
 */
const ISO_MINOR_UNITS: Readonly<Record<string, number>> = {
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  CLF: 4,
  UYW: 4,
};

/**
 * The currencies a shop can sell in: every ISO 4217 code the runtime's Intl formats (Node and
 * every current browser know all of them), so whatever the owner picks is also shown right.
 */
export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code);
}

/** How many minor units a currency's major unit has, per ISO 4217: 2 for USD, 3 for KWD, 0 for JPY. */
export function minorUnitDigits(currency: string): number {
  return ISO_MINOR_UNITS[currency.toUpperCase()] ?? 2;
}

// Arabic-Indic (٠-٩) and Extended Arabic-Indic (۰-۹, Persian and Urdu) digits: both blocks
// start at a multiple of 16, so a digit's value is its code point's last hex digit.
const EASTERN_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;
// Thousands separators people type: comma, Arabic thousands separator, apostrophe, spaces.
const GROUP_SEPARATOR = /[,\u066c'\u2019 \u00a0\u202f]/g;
// A grouped whole part: groups of three after the first (1,299 or 1 000 000), one separator kind.
const GROUPED = /^\d{1,3}([,\u066c'\u2019 \u00a0\u202f])\d{3}(?:\1\d{3})*$/;
// Longer than any amount below Number.MAX_SAFE_INTEGER with its separators.
const LONGEST_AMOUNT = 40;

/**
 * An amount typed in major units ("12.5", "1,299.99", "١٢٫٥٠") as exact integer minor units
 * (1250), read by its digits, never through floating point. Null when it is not an amount in
 * that currency: letters, a sign, more decimals than the currency has, separators that do not
 * group by thousands ("12,50" is refused rather than read as 1250), or more than
 * Number.MAX_SAFE_INTEGER minor units.
 */
export function parseMoney(text: string, currency: string): number | null {
  return parseTyped(text, minorUnitDigits(currency));
}

/**
 * A count typed by staff ("12", "1,000", "١٢") read the way amounts are, with no decimals, and
 * with a leading minus ("-3", the minus sign U+2212 too) when `signed`; null when it is not a
 * whole number.
 */
export function parseWholeNumber(text: string, { signed = false } = {}): number | null {
  const negative = signed && /^\s*[-\u2212]/.test(text);
  const count = parseTyped(negative ? text.replace(/^\s*[-\u2212]/, '') : text, 0);
  return negative && count !== null ? -count : count;
}

/** A number typed with up to `digits` decimals, as an integer of those decimals' units. */
function parseTyped(text: string, digits: number): number | null {
  const western = text
    .trim()
    .replace(EASTERN_DIGITS, (d) => String(d.charCodeAt(0) % 16))
    .replace(/\u066b/g, '.');
  if (western.length > LONGEST_AMOUNT) return null;
  const [whole = '', fraction = '', ...more] = western.split('.');
  if (more.length > 0) return null;
  const grouped = whole.search(GROUP_SEPARATOR) >= 0;
  if (grouped ? !GROUPED.test(whole) : !/^\d+$/.test(whole)) return null;
  if (!/^\d*$/.test(fraction) || fraction.length > digits) return null;
  const units =
    BigInt(whole.replace(GROUP_SEPARATOR, '')) * 10n ** BigInt(digits) +
    BigInt(fraction.padEnd(digits, '0') || '0');
  return units > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(units);
}

/**
 * Minor units written as major units with a dot and all the currency's decimals, no grouping:
 * "12.50" for 1250 USD, "1.250" for 1250 KWD, "1250" for JPY. It is how a form shows an amount
 * for typing and how schema.org and Open Graph write prices.
 */
export function majorUnitsText(minorUnits: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  const sign = minorUnits < 0 ? '-' : '';
  const text = String(Math.abs(minorUnits)).padStart(digits + 1, '0');
  if (digits === 0) return `${sign}${text}`;
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * An amount to show as an example of typing one in `currency`: "12.50" for USD, "12.500" for
 * KWD, "1250" for JPY, so a hint never asks for decimals the currency does not have.
 */
export function exampleAmountText(currency: string): string {
  const digits = minorUnitDigits(currency);
  return digits === 0 ? '1250' : `12.${'5'.padEnd(digits, '0')}`;
}

/**
 * How an `Intl.NumberFormat` is obtained: the web app and the mails pass their caches
 * (apps/web/src/lib/number-format.ts, apps/server/src/modules/mail/mail-text.ts).
 */
/** The `Intl.NumberFormat` an amount in `currency` is written with, for `locale`. */
export type MoneyFormatSource = (locale: string, currency: string) => Intl.NumberFormat;

/** A format for an amount in `currency`: its sign, and ISO's decimals for it. */
function moneyFormat(locale: string, currency: string): Intl.NumberFormat {
  const digits = minorUnitDigits(currency);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/**
 * A source of money formats that builds one per locale and currency and keeps it: building a
 * format costs more than writing many amounts with it, and a page or a mail writes dozens.
 */
export function keptMoneyFormats(): MoneyFormatSource {
  const formats = new Map<string, Intl.NumberFormat>();
  return (locale, currency) => {
    const key = `${locale} ${currency}`;
    let format = formats.get(key);
    if (!format) formats.set(key, (format = moneyFormat(locale, currency)));
    return format;
  };
}

// Intl puts a right-to-left mark before Arabic amounts; callers isolate amounts themselves.
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;

/**
 * An amount in minor units, formatted for `locale` with the currency's sign and ISO's decimals
 * ("$24.99", "٢٤٫٩٩ US$"), without direction marks: the caller isolates it left to right. A
 * one-off amount builds its format; callers that write many pass kept ones.
 */
export function formatMoney(
  minorUnits: number,
  currency: string,
  locale: string,
  formats: MoneyFormatSource = moneyFormat,
): string {
  const digits = minorUnitDigits(currency);
  return formats(locale, currency)
    .format(minorUnits / 10 ** digits)
    .replace(BIDI_MARKS, '');
}

/**
 * `amount` shared out over lines in proportion to their `weights` (largest remainder): each
 * share is rounded down, and the minor units rounding leaves go one each to the lines with the
 * largest remainders (the earlier line on a tie). The shares add up to exactly `amount`, and no
 * share exceeds its line's weight while `amount` is not more than their sum. Used to share an
 * order's discount over its lines.
 */
export function shareOut(amount: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`shareOut needs a whole, non-negative amount, not ${amount}`);
  }
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0)) {
    throw new RangeError('shareOut needs whole, non-negative weights');
  }
  const total = weights.reduce((sum, w) => sum + BigInt(w), 0n);
  if (total === 0n) {
    if (amount === 0) return weights.map(() => 0);
    throw new RangeError('shareOut cannot share an amount over weights that are all zero');
  }
  // BigInt: amount × weight can pass 2^53 for large orders.
  const exact = weights.map((w) => BigInt(amount) * BigInt(w));
  const shares = exact.map((e) => e / total);
  let left = BigInt(amount) - shares.reduce((sum, s) => sum + s, 0n);
  const byRemainder = exact
    .map((e, index) => ({ index, remainder: e % total }))
    .sort((a, b) =>
      a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
    );
  for (const { index } of byRemainder) {
    if (left === 0n) break;
    shares[index] = (shares[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return shares.map(Number);
}
