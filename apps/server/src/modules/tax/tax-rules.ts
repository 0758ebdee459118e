import { shareOut } from '@souq/contracts/money';
import type { TaxClass, TaxLine } from '@souq/contracts/tax';

/** Basis points in one whole: a rate of 1500 is 15%. */
export const BASIS_POINTS = 10_000;

/**
 * `numerator / denominator` rounded to the nearest whole, a half up (decision 023), exactly:
 * BigInt, as amount × rate passes 2^53 for large orders. Both are non-negative.
 */
function divideHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

/**
 * The VAT in `amount` (minor units) at `rateBp`: the part of a price that includes it
 * (amount × rate / (1 + rate)), or what is added to a price without it (amount × rate).
 */
export function taxOf(amount: number, rateBp: number, pricesIncludeTax: boolean): number {
  if (amount === 0 || rateBp === 0) return 0;
  const rate = BigInt(rateBp);
  const scale = BigInt(BASIS_POINTS);
  return divideHalfUp(BigInt(amount) * rate, pricesIncludeTax ? scale + rate : scale);
}

/** The rate a product pays where the standard rate is `standardRateBp`: none when zero-rated or exempt. */
export function lineRate(taxClass: TaxClass, standardRateBp: number): number {
  return taxClass === 'standard' ? standardRateBp : 0;
}

export interface TaxRequest {
  /** Each line's total (unit price × quantity) and its rate. */
  lines: readonly { lineTotal: number; rateBp: number }[];
  /** The order's discount, shared over the lines in proportion to their totals. */
  discount: number;
  /** Shipping as charged (0 when free). */
  shipping: number;
  /** The delivery country's standard rate: shipping's rate when no line has any price. */
  standardRateBp: number;
  pricesIncludeTax: boolean;
}

export interface TaxBreakdown {
  /** Per line, in the request's order. */
  lineTaxes: number[];
  shippingTax: number;
  /** Every line's and shipping's tax. */
  tax: number;
  /** The tax per rate, highest rate first; rates that charged nothing are left out. */
  taxLines: TaxLine[];
}

/**
 * An order's VAT, line by line (decision 023). Each line is taxed on what it costs after its
 * share of the discount and rounded on its own. Shipping follows the goods it carries: it is
 * shared out over the lines (after discount) and each rate's part is taxed at that rate, so a
 * cart of zero-rated goods ships untaxed and a mixed cart's shipping is taxed in proportion.
 */
export function computeTax(request: TaxRequest): TaxBreakdown {
  const totals = request.lines.map((l) => l.lineTotal);
  const discount = Math.min(
    request.discount,
    totals.reduce((sum, t) => sum + t, 0),
  );
  const discountShares = shareOut(discount, totals);
  const net = totals.map((total, i) => total - (discountShares[i] ?? 0));
  const lineTaxes = request.lines.map((l, i) =>
    taxOf(net[i] ?? 0, l.rateBp, request.pricesIncludeTax),
  );

  const byRate = new Map<number, number>();
  const add = (rateBp: number, amount: number) =>
    byRate.set(rateBp, (byRate.get(rateBp) ?? 0) + amount);
  request.lines.forEach((l, i) => add(l.rateBp, lineTaxes[i] ?? 0));

  // Shared by what each line costs after discount, or before it when the discount took all.
  const weights = net.some((n) => n > 0) ? net : totals;
  const shippingByRate = new Map<number, number>();
  if (request.shipping > 0) {
    const carried = weights.some((w) => w > 0);
    const shares = carried ? shareOut(request.shipping, weights) : [request.shipping];
    const rates = carried ? request.lines.map((l) => l.rateBp) : [request.standardRateBp];
    shares.forEach((share, i) => {
      const rate = rates[i] ?? 0;
      shippingByRate.set(rate, (shippingByRate.get(rate) ?? 0) + share);
    });
  }
  let shippingTax = 0;
  for (const [rateBp, amount] of shippingByRate) {
    const tax = taxOf(amount, rateBp, request.pricesIncludeTax);
    shippingTax += tax;
    add(rateBp, tax);
  }

  const tax = lineTaxes.reduce((sum, t) => sum + t, shippingTax);
  return { lineTaxes, shippingTax, tax, taxLines: taxLinesOf(byRate) };
}

function taxLinesOf(byRate: Map<number, number>): TaxLine[] {
  return [...byRate]
    .filter(([rateBp, amount]) => rateBp > 0 && amount > 0)
    .sort(([a], [b]) => b - a)
    .map(([rateBp, amount]) => ({ rateBp, amount }));
}

/**
 * A placed order's tax per rate, from what its lines stored: shipping's tax is at the order's
 * highest line rate, the only one a delivery country's goods are taxed at besides none.
 */
export function storedTaxLines(
  lines: readonly { taxRate: number; tax: number }[],
  shippingTax: number,
): TaxLine[] {
  const byRate = new Map<number, number>();
  for (const line of lines) byRate.set(line.taxRate, (byRate.get(line.taxRate) ?? 0) + line.tax);
  const top = Math.max(0, ...lines.map((l) => l.taxRate));
  byRate.set(top, (byRate.get(top) ?? 0) + shippingTax);
  return taxLinesOf(byRate);
}
