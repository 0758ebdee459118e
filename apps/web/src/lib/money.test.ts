import { describe, expect, it } from 'vitest';
import { formatMoney, moneyInText } from './money';

// Intl separates a code or sign from the digits with a no-break space.
const spaced = (text: string) => text.replace(/\u00a0/g, ' ');

describe('money in the shop’s currency', () => {
  it('shows each currency with its own decimals, in English and in Arabic', () => {
    expect(spaced(formatMoney(12_345, 'KWD', 'en'))).toBe('KWD 12.345');
    expect(spaced(formatMoney(12_345, 'KWD', 'ar'))).toBe('12.345 د.ك.');
    expect(spaced(formatMoney(12_345, 'JPY', 'en'))).toBe('¥12,345');
    expect(spaced(formatMoney(12_345, 'JPY', 'ar'))).toBe('12,345 JP¥');
    expect(spaced(formatMoney(2_550, 'USD', 'en'))).toBe('$25.50');
    expect(spaced(formatMoney(2_550, 'USD', 'ar'))).toBe('25.50 US$');
  });

  it('isolates an amount left to right inside a sentence', () => {
    expect(spaced(moneyInText(5_000, 'KWD', 'ar'))).toBe('\u20665.000 د.ك.\u2069');
  });
});
