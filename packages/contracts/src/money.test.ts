import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  isCurrencyCode,
  majorUnitsText,
  minorUnitDigits,
  parseMoney,
  parseWholeNumber,
  shareOut,
} from './money';

describe('minorUnitDigits', () => {
  it('follows ISO 4217, also where Intl shows fewer decimals', () => {
    expect(minorUnitDigits('USD')).toBe(2);
    expect(minorUnitDigits('EUR')).toBe(2);
    expect(minorUnitDigits('KWD')).toBe(3);
    expect(minorUnitDigits('IQD')).toBe(3);
    expect(minorUnitDigits('JPY')).toBe(0);
    expect(minorUnitDigits('KRW')).toBe(0);
    expect(minorUnitDigits('COP')).toBe(2);
    expect(minorUnitDigits('kwd')).toBe(3);
  });
});

describe('minorUnitDigits and Intl', () => {
  it('agrees with Intl.NumberFormat for the currencies a Gulf, Egyptian or Japanese shop sells in', () => {
    for (const currency of [
      'USD',
      'EUR',
      'SAR',
      'AED',
      'EGP',
      'QAR',
      'KWD',
      'BHD',
      'OMR',
      'JOD',
      'JPY',
    ]) {
      const intl = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions();
      expect(minorUnitDigits(currency), currency).toBe(intl.maximumFractionDigits);
    }
    expect(minorUnitDigits('KWD')).toBe(3);
    expect(minorUnitDigits('JPY')).toBe(0);
  });
});

describe('isCurrencyCode', () => {
  it('takes ISO 4217 codes the runtime formats, and nothing else', () => {
    expect(isCurrencyCode('KWD')).toBe(true);
    expect(isCurrencyCode('JPY')).toBe(true);
    expect(isCurrencyCode('kwd')).toBe(false);
    expect(isCurrencyCode('XYZ')).toBe(false);
    expect(isCurrencyCode('')).toBe(false);
  });
});

describe('parseWholeNumber', () => {
  it('reads counts in Western and Arabic-Indic digits, grouped or not, and nothing else', () => {
    expect(parseWholeNumber('12')).toBe(12);
    expect(parseWholeNumber('١٢')).toBe(12);
    expect(parseWholeNumber('1,000')).toBe(1000);
    expect(parseWholeNumber('١٬٠٠٠')).toBe(1000);
    expect(parseWholeNumber('2.5')).toBeNull();
    expect(parseWholeNumber('-3')).toBeNull();
    expect(parseWholeNumber('1e3')).toBeNull();
    expect(parseWholeNumber('')).toBeNull();
  });

  it('reads a change below 0 only when asked to', () => {
    expect(parseWholeNumber('-3', { signed: true })).toBe(-3);
    expect(parseWholeNumber('\u2212١٢', { signed: true })).toBe(-12);
    expect(parseWholeNumber('7', { signed: true })).toBe(7);
    expect(parseWholeNumber('--3', { signed: true })).toBeNull();
    expect(parseWholeNumber('-', { signed: true })).toBeNull();
  });
});

describe('parseMoney', () => {
  it('reads USD amounts with two decimals at most', () => {
    expect(parseMoney('12.5', 'USD')).toBe(1250);
    expect(parseMoney(' 1,299.99 ', 'USD')).toBe(129999);
    expect(parseMoney('0', 'USD')).toBe(0);
    expect(parseMoney('7.', 'USD')).toBe(700);
    expect(parseMoney('0.07', 'USD')).toBe(7);
    expect(parseMoney('1.999', 'USD')).toBeNull();
  });

  it('reads KWD with three decimals and JPY with none', () => {
    expect(parseMoney('1.250', 'KWD')).toBe(1250);
    expect(parseMoney('1.5', 'KWD')).toBe(1500);
    expect(parseMoney('1.2345', 'KWD')).toBeNull();
    expect(parseMoney('1500', 'JPY')).toBe(1500);
    expect(parseMoney('1,500', 'JPY')).toBe(1500);
    expect(parseMoney('1500.5', 'JPY')).toBeNull();
  });

  it('reads Arabic-Indic and Persian digits, the Arabic decimal and thousands separators', () => {
    expect(parseMoney('١٢٫٥٠', 'USD')).toBe(1250);
    expect(parseMoney('١٬٢٩٩٫٩٩', 'USD')).toBe(129999);
    expect(parseMoney('۱۲۳', 'USD')).toBe(12300);
    expect(parseMoney('٣٫٧٥٠', 'KWD')).toBe(3750);
    expect(parseMoney('1 000 000', 'JPY')).toBe(1_000_000);
  });

  it('refuses what is not an amount', () => {
    for (const text of [
      '',
      ' ',
      'abc',
      '12a',
      '-5',
      '+5',
      '1e3',
      '0x10',
      '1.2.3',
      '12,50',
      '1,2,3',
      '1,000 000',
      '.5',
      'Infinity',
      'NaN',
    ]) {
      expect(parseMoney(text, 'USD'), text).toBeNull();
    }
  });

  it('refuses amounts beyond Number.MAX_SAFE_INTEGER minor units', () => {
    expect(parseMoney('90071992547409.91', 'USD')).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseMoney('90071992547409.92', 'USD')).toBeNull();
    expect(parseMoney('9'.repeat(400), 'USD')).toBeNull();
  });
});

describe('majorUnitsText', () => {
  it('writes every decimal of the currency, without grouping', () => {
    expect(majorUnitsText(1250, 'USD')).toBe('12.50');
    expect(majorUnitsText(7, 'USD')).toBe('0.07');
    expect(majorUnitsText(129999, 'USD')).toBe('1299.99');
    expect(majorUnitsText(1250, 'KWD')).toBe('1.250');
    expect(majorUnitsText(1250, 'JPY')).toBe('1250');
  });

  it('reads back through parseMoney', () => {
    for (const [minor, currency] of [
      [0, 'USD'],
      [5, 'KWD'],
      [99999, 'JPY'],
      [123456789, 'USD'],
    ] as const) {
      expect(parseMoney(majorUnitsText(minor, currency), currency)).toBe(minor);
    }
  });
});

describe('formatMoney', () => {
  it('formats per currency and language, without direction marks', () => {
    expect(formatMoney(2499, 'USD', 'en')).toBe('$24.99');
    expect(formatMoney(1250, 'KWD', 'en')).toBe('KWD\u00a01.250');
    expect(formatMoney(1500, 'JPY', 'en')).toBe('¥1,500');
    expect(formatMoney(1250, 'IQD', 'en')).toBe('IQD\u00a01.250');
    const arabic = formatMoney(2499, 'USD', 'ar');
    const intl = new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD' }).format(24.99);
    expect(arabic).toBe(intl.replace(/[\u200e\u200f\u061c]/g, ''));
    expect(arabic).not.toMatch(/[\u200e\u200f\u061c]/);
  });
});

describe('shareOut', () => {
  it('shares in proportion, the leftover units to the largest remainders', () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(10, [500, 300, 200])).toEqual([5, 3, 2]);
    expect(shareOut(7, [1000, 2000, 1000])).toEqual([2, 3, 2]);
    expect(shareOut(1, [1, 2])).toEqual([0, 1]);
    expect(shareOut(0, [0, 0])).toEqual([0, 0]);
  });

  it('adds up to exactly the amount and never exceeds a line', () => {
    let seed = 7;
    const random = (max: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % max;
    };
    for (let round = 0; round < 500; round++) {
      const weights = Array.from({ length: 1 + random(8) }, () => random(10_000_000));
      const sum = weights.reduce((a, b) => a + b, 0);
      if (sum === 0) continue;
      const amount = random(sum + 1);
      const shares = shareOut(amount, weights);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
      shares.forEach((share, i) => {
        expect(Number.isInteger(share)).toBe(true);
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(weights[i] ?? 0);
      });
    }
  });

  it('stays exact where amount × weight passes 2^53', () => {
    const shares = shareOut(9_000_000_000_000, [3_000_000_000_000, 6_000_000_000_001]);
    expect(shares[0]! + shares[1]!).toBe(9_000_000_000_000);
  });

  it('refuses amounts it cannot share', () => {
    expect(() => shareOut(-1, [1])).toThrow(RangeError);
    expect(() => shareOut(1.5, [1])).toThrow(RangeError);
    expect(() => shareOut(5, [0, 0])).toThrow(RangeError);
  });
});
