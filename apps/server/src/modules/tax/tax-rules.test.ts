import { describe, expect, it } from 'vitest';
import { computeTax, lineRate, storedTaxLines, taxOf } from './tax-rules';

describe('taxOf', () => {
  it('finds the VAT inside a price that includes it', () => {
    // 115.00 at 15% holds 15.00; 100.00 at 15% holds 13.043… → 13.04.
    expect(taxOf(11500, 1500, true)).toBe(1500);
    expect(taxOf(10000, 1500, true)).toBe(1304);
    // 10.50 AED at 5%: 0.5 exactly → 50 fils.
    expect(taxOf(1050, 500, true)).toBe(50);
  });

  it('adds the VAT to a price without it', () => {
    expect(taxOf(10000, 1500, false)).toBe(1500);
    expect(taxOf(999, 1400, false)).toBe(140); // 139.86 → 140
  });

  it('rounds a half up, and only a half', () => {
    // 0.10 at 5% is 0.5 of a minor unit: up to 1. 0.09 is 0.45: down to 0.
    expect(taxOf(10, 500, false)).toBe(1);
    expect(taxOf(9, 500, false)).toBe(0);
    // 2.10 including 5%: 10 exactly; 2.31 including 10% is 0.21 exactly.
    expect(taxOf(210, 500, true)).toBe(10);
    expect(taxOf(231, 1000, true)).toBe(21);
  });

  it('charges nothing at a zero rate and stays exact beyond 2^53 intermediates', () => {
    expect(taxOf(123456, 0, true)).toBe(0);
    const large = 9_000_000_000_000_000; // safe, yet × 1500 is not
    expect(taxOf(large, 1500, false)).toBe(1_350_000_000_000_000);
  });
});

describe('lineRate', () => {
  it('taxes standard products at the country rate and others not at all', () => {
    expect(lineRate('standard', 1500)).toBe(1500);
    expect(lineRate('zero_rated', 1500)).toBe(0);
    expect(lineRate('exempt', 1500)).toBe(0);
  });
});

describe('computeTax', () => {
  it('rounds per line, so the sum may differ from taxing the subtotal', () => {
    // Three lines of 0.10 at 5% exclusive: 0.5 each → 1 each = 3; the subtotal 0.30 would give 2.
    const result = computeTax({
      lines: [
        { lineTotal: 10, rateBp: 500 },
        { lineTotal: 10, rateBp: 500 },
        { lineTotal: 10, rateBp: 500 },
      ],
      discount: 0,
      shipping: 0,
      standardRateBp: 500,
      pricesIncludeTax: false,
    });
    expect(result.lineTaxes).toEqual([1, 1, 1]);
    expect(result.tax).toBe(3);
    expect(result.taxLines).toEqual([{ rateBp: 500, amount: 3 }]);
  });

  it('taxes each line on its price after its share of the discount', () => {
    // 30.00 off 100.00 + 50.00: shares 20.00 and 10.00 → 80.00 and 40.00 taxed at 15% inclusive.
    const result = computeTax({
      lines: [
        { lineTotal: 10000, rateBp: 1500 },
        { lineTotal: 5000, rateBp: 1500 },
      ],
      discount: 3000,
      shipping: 0,
      standardRateBp: 1500,
      pricesIncludeTax: true,
    });
    expect(result.lineTaxes).toEqual([taxOf(8000, 1500, true), taxOf(4000, 1500, true)]);
    expect(result.lineTaxes).toEqual([1043, 522]);
    expect(result.shippingTax).toBe(0);
  });

  it('leaves zero-rated lines untaxed and shares shipping over the goods it carries', () => {
    // Shipping 20.00 over 60.00 taxed and 20.00 zero-rated: 15.00 at 14%, 5.00 at 0%.
    const result = computeTax({
      lines: [
        { lineTotal: 6000, rateBp: 1400 },
        { lineTotal: 2000, rateBp: 0 },
      ],
      discount: 0,
      shipping: 2000,
      standardRateBp: 1400,
      pricesIncludeTax: false,
    });
    expect(result.lineTaxes).toEqual([840, 0]);
    expect(result.shippingTax).toBe(210);
    expect(result.tax).toBe(1050);
    expect(result.taxLines).toEqual([{ rateBp: 1400, amount: 1050 }]);
  });

  it('charges no shipping tax when shipping is free or the goods are all zero-rated', () => {
    const free = computeTax({
      lines: [{ lineTotal: 20000, rateBp: 1500 }],
      discount: 0,
      shipping: 0,
      standardRateBp: 1500,
      pricesIncludeTax: true,
    });
    expect(free.shippingTax).toBe(0);
    const zeroRated = computeTax({
      lines: [{ lineTotal: 20000, rateBp: 0 }],
      discount: 0,
      shipping: 1500,
      standardRateBp: 1500,
      pricesIncludeTax: true,
    });
    expect(zeroRated).toEqual({ lineTaxes: [0], shippingTax: 0, tax: 0, taxLines: [] });
  });

  it('shares shipping by the prices before discount when the discount took all', () => {
    const result = computeTax({
      lines: [
        { lineTotal: 5000, rateBp: 500 },
        { lineTotal: 5000, rateBp: 0 },
      ],
      discount: 10000,
      shipping: 4200,
      standardRateBp: 500,
      pricesIncludeTax: true,
    });
    expect(result.lineTaxes).toEqual([0, 0]);
    expect(result.shippingTax).toBe(100); // 21.00 at 5% inclusive
  });

  it('reads a placed order back to the same tax per rate', () => {
    const request = {
      lines: [
        { lineTotal: 6000, rateBp: 1400 },
        { lineTotal: 2000, rateBp: 0 },
      ],
      discount: 500,
      shipping: 2000,
      standardRateBp: 1400,
      pricesIncludeTax: true,
    };
    const result = computeTax(request);
    const stored = request.lines.map((l, i) => ({
      taxRate: l.rateBp,
      tax: result.lineTaxes[i] ?? 0,
    }));
    expect(storedTaxLines(stored, result.shippingTax)).toEqual(result.taxLines);
  });

  it('keeps 3-decimal currencies exact: 1.250 KWD and shipping 0.500 at 5% exclusive', () => {
    const result = computeTax({
      lines: [{ lineTotal: 1250, rateBp: 500 }],
      discount: 0,
      shipping: 500,
      standardRateBp: 500,
      pricesIncludeTax: false,
    });
    expect(result.lineTaxes).toEqual([63]); // 62.5 fils → 63
    expect(result.shippingTax).toBe(25);
    expect(result.tax).toBe(88);
  });

  it('charges nothing where the country has no rate', () => {
    const result = computeTax({
      lines: [{ lineTotal: 9999, rateBp: 0 }],
      discount: 0,
      shipping: 500,
      standardRateBp: 0,
      pricesIncludeTax: false,
    });
    expect(result.tax).toBe(0);
  });
});
