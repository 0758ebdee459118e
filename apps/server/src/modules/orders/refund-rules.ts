import type { Order } from '@souq/contracts/orders';

/**
 * What the shopper paid for each line: its total less its share of the order's discount. The
 * discount is shared in proportion to the lines' totals, rounded down, and what rounding leaves
 * goes to the last line, so the lines add up to exactly the subtotal less the discount.
 */
export function paidPerLine(
  order: Pick<Order, 'lines' | 'subtotal' | 'discount'>,
): Map<number, number> {
  const paid = new Map<number, number>();
  let discountLeft = order.discount;
  order.lines.forEach((line, index) => {
    const share =
      index === order.lines.length - 1 || order.subtotal === 0
        ? discountLeft
        : Math.floor((order.discount * line.lineTotal) / order.subtotal);
    const taken = Math.min(share, discountLeft, line.lineTotal);
    discountLeft -= taken;
    paid.set(line.id, line.lineTotal - taken);
  });
  return paid;
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
