import type { QuoteLine } from '@souq/contracts/orders';
import { cartItemKey, type CartItem } from '../../store/cart-slice';

/**
 * Each cart row's line of the quote, by the row's key. A priced line names its variant; an
 * unavailable one may not (the server found no such variant), so it goes to a row of its product
 * that no named line took.
 */
export function quoteLinesByRow(
  items: CartItem[],
  lines: QuoteLine[] | undefined,
): Map<string, QuoteLine> {
  const byRow = new Map<string, QuoteLine>();
  if (!lines) return byRow;
  const sent = items.filter((item) => item.variant);
  for (const line of lines) {
    if (line.variant) byRow.set(`${line.productId}:${line.variant.id}`, line);
  }
  for (const line of lines) {
    if (line.variant) continue;
    const row = sent.find((item) => item.id === line.productId && !byRow.has(cartItemKey(item)));
    if (row) byRow.set(cartItemKey(row), line);
  }
  return byRow;
}
