import { formatted, numberFormat } from './number-format';

// Intl puts a right-to-left mark before Arabic amounts; the isolate below decides direction.
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;

/**
 * An amount in minor units (cents), formatted for the shopper's language, without direction:
 * only <Money> (components/ui/price.tsx) and moneyInText below show it.
 */
export function formatMoney(minorUnits: number, currency: string, locale: string): string {
  return formatted(`${locale} ${currency}`, minorUnits, () => {
    const formatter = numberFormat(locale, { style: 'currency', currency });
    const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
    return formatter.format(minorUnits / 10 ** digits).replace(BIDI_MARKS, '');
  });
}

/**
 * An amount for a sentence ("Free delivery over $140.00"), wrapped in a left-to-right isolate
 * (U+2066 … U+2069): inside Arabic text the currency sign would otherwise be pulled to the
 * other side of the digits ("$US 24.99"). Elements use <Money>, which isolates the same way.
 */
export function moneyInText(minorUnits: number, currency: string, locale: string): string {
  return `\u2066${formatMoney(minorUnits, currency, locale)}\u2069`;
}
