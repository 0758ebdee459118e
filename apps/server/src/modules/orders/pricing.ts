import type { ProductSummary } from '@souq/contracts/catalog';
import type { LineVariant, OrderTotals, QuoteLine } from '@souq/contracts/orders';
import type { TaxClass } from '@souq/contracts/tax';
import { computeTax, lineRate, type TaxBreakdown } from '../tax/tax-rules';

/**
 * What a line asks for once its variant is found (lines of the same variant merged; index is
 * the first one's), with the product as the shop sells it now, its stock the variant's. Both
 * are null when the shop does not sell it: no such product, or no such live variant of it.
 */
export interface RequestedLine {
  productId: number;
  quantity: number;
  index: number;
  product: ProductSummary | null;
  variant: LineVariant | null;
  /** How the product is taxed ('standard' when it is not sold). */
  taxClass: TaxClass;
}

export interface PricedLine extends RequestedLine {
  status: QuoteLine['status'];
  /** 0 for a line that is not counted (no longer sold, or in another currency). */
  lineTotal: number;
}

export interface PricedLines {
  /** The currency of the first line the shop still sells; the order is paid in it. */
  currency: string;
  lines: PricedLine[];
  /** Sum of the counted lines, in minor units of `currency`. */
  subtotal: number;
  /** Whether any line is counted: an order of nothing ships nothing. */
  hasItems: boolean;
}

function stockStatus(product: ProductSummary, quantity: number): QuoteLine['status'] {
  if (product.stock === 0) return 'out_of_stock';
  return product.stock < quantity ? 'short' : 'ok';
}

/**
 * The one place lines get prices: from the catalog's current price, in the currency of the first
 * line still sold. A line in another currency is reported (`other_currency`) and left out of the
 * subtotal, since an order is paid in one currency; the quote shows it and placing refuses it.
 */
export function priceLines(lines: RequestedLine[]): PricedLines {
  const currency = lines.find((l) => l.product && l.variant)?.product?.currency ?? 'USD';
  const priced = lines.map((line): PricedLine => {
    const { product } = line;
    if (!product || !line.variant) return { ...line, status: 'unavailable', lineTotal: 0 };
    if (product.currency !== currency) {
      return { ...line, status: 'other_currency', lineTotal: 0 };
    }
    const lineTotal = product.price * line.quantity;
    return { ...line, status: stockStatus(product, line.quantity), lineTotal };
  });
  const counted = priced.filter((l) => l.status !== 'unavailable' && l.status !== 'other_currency');
  const subtotal = counted.reduce((sum, l) => sum + l.lineTotal, 0);
  return { currency, lines: priced, subtotal, hasItems: counted.length > 0 };
}

/** Where the order is taxed: the delivery country's standard rate and how prices are written. */
export interface TaxPlace {
  standardRateBp: number;
  pricesIncludeTax: boolean;
}

/** The counted lines' VAT, with the discount and shipping shared out (tax/tax-rules.ts). */
export function taxLines(
  lines: readonly PricedLine[],
  discount: number,
  shipping: number,
  place: TaxPlace,
): TaxBreakdown {
  return computeTax({
    lines: lines.map((l) => ({
      lineTotal: l.lineTotal,
      rateBp: lineRate(l.taxClass, place.standardRateBp),
    })),
    discount,
    shipping,
    standardRateBp: place.standardRateBp,
    pricesIncludeTax: place.pricesIncludeTax,
  });
}

/**
 * Every amount in integer minor units; shipping as the shipping module priced it. Tax added to
 * prices that do not include it is part of the total; tax inside them is already.
 */
export function computeTotals(
  currency: string,
  amounts: { subtotal: number; discount: number; shipping: number },
  tax: TaxBreakdown,
  pricesIncludeTax: boolean,
): OrderTotals {
  const { subtotal, discount, shipping } = amounts;
  const added = pricesIncludeTax ? 0 : tax.tax;
  return {
    currency,
    subtotal,
    discount,
    shipping,
    tax: tax.tax,
    shippingTax: tax.shippingTax,
    pricesIncludeTax,
    taxLines: tax.taxLines,
    total: subtotal - discount + shipping + added,
  };
}
