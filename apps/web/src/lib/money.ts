import { numberFormat } from './number-format';

/** Formats an amount in minor units (cents) for the shopper's language. */
export function formatMoney(minorUnits: number, currency: string, locale: string): string {
  const formatter = numberFormat(locale, { style: 'currency', currency });
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  return formatter.format(minorUnits / 10 ** digits);
}
