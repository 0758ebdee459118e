import { shareOut } from '@souq/contracts/money';
import type { Order } from '@souq/contracts/orders';

/**
 * What the shopper paid for each line: its total less its share of the order's discount, shared
 * in proportion to the lines' totals by largest remainder (`shareOut`), so the lines add up to
 * exactly the subtotal less the discount; plus the line's VAT when it was added to the prices.
 */
export function paidPerLine(
  order: Pick<Order, 'lines' | 'discount' | 'pricesIncludeTax'>,
): Map<number, number> {
  const lineTotals = order.lines.map((line) => line.lineTotal);
  // A discount is never more than the lines' sum (coupon-rules); the cap keeps shareOut exact.
  const discount = Math.min(
    order.discount,
    lineTotals.reduce((sum, total) => sum + total, 0),
  );
  const shares = shareOut(discount, lineTotals);
  const addedTax = (line: Order['lines'][number]) => (order.pricesIncludeTax ? 0 : line.tax);
  return new Map(
    order.lines.map((line, i) => [line.id, line.lineTotal - (shares[i] ?? 0) + addedTax(line)]),
  );
}

/** What the shopper paid for shipping: with its VAT when that was added to the price. */
export function paidForShipping(
  order: Pick<Order, 'shipping' | 'shippingTax' | 'pricesIncludeTax'>,
): number {
  return order.shipping + (order.pricesIncludeTax ? 0 : order.shippingTax);
}

/**
 * The amount for refunding `quantity` more units of a line of which `alreadyRefunded` of
 * `lineQuantity` units have been refunded. Each unit's amount is the running share of what was
 * paid, so refunds of a line in any number of parts add up to exactly what was paid for it.
 * The line's VAT is given back by the same running share (the refund's tax share).
 */
export function lineRefundAmount(
  paid: number,
  lineQuantity: number,
  alreadyRefunded: number,
  quantity: number,
): number {
  const upTo = (units: number) => Math.floor((paid * units) / lineQuantity);
  return upTo(alreadyRefunded + quantity) - upTo(alreadyRefunded);
}
