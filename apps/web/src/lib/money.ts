import { formatMoney as formatMoneyWith, keptMoneyFormats } from '@souq/contracts/money';
import { formatted } from './number-format';

const moneyFormats = keptMoneyFormats();

/**
 * An amount in minor units (cents), formatted for the shopper's language, without direction:
 * only <Money> (components/ui/price.tsx) and moneyInText below show it. The text the server
 * wrote for the page is used while it hydrates (decision 011), and formats are built once.
 */
export function formatMoney(minorUnits: number, currency: string, locale: string): string {
  return formatted(`${locale} ${currency}`, minorUnits, () =>
    formatMoneyWith(minorUnits, currency, locale, moneyFormats),
  );
}

/**
 * An amount for a sentence ("Free delivery over $140.00"), wrapped in a left-to-right isolate
 * (U+2066 … U+2069): inside Arabic text the currency sign would otherwise be pulled to the
 * other side of the digits ("$US 24.99"). Elements use <Money>, which isolates the same way.
 */
export function moneyInText(minorUnits: number, currency: string, locale: string): string {
  return `\u2066${formatMoney(minorUnits, currency, locale)}\u2069`;
}
