import { shareOut } from '@souq/contracts/money';
import type { Order } from '@souq/contracts/orders';

/**
 * What the shopper paid for each line: its total less its share of the order's discount, shared
 * in proportion to the lines' totals by largest remainder (`shareOut`), so the lines add up to
 * exactly the subtotal less the discount.
 */
export function paidPerLine(order: Pick<Order, 'lines' | 'discount'>): Map<number, number> {
  const lineTotals = order.lines.map((line) => line.lineTotal);
  // A discount is never more than the lines' sum (coupon-rules); the cap keeps shareOut exact.
  const discount = Math.min(
    order.discount,
    lineTotals.reduce((sum, total) => sum + total, 0),
  );
  const shares = shareOut(discount, lineTotals);
  return new Map(order.lines.map((line, i) => [line.id, line.lineTotal - (shares[i] ?? 0)]));
}

/**
 * The amount for refunding `quantity` more units of a line of which `alreadyRefunded` of
 * `lineQuantity` units have been refunded. Each unit's amount is the running share of what was
 * paid, so refunds of a line in any number of parts add up to exactly what was paid for it.
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
