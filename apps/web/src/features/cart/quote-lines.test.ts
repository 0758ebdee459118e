import { describe, expect, it } from 'vitest';
import type { QuoteLine } from '@souq/contracts/orders';
import { cartAddition, lineVariant } from '../../store/test-products';
import type { CartItem } from '../../store/cart-slice';
import { quoteLinesByRow } from './quote-lines';

const row = (id: number, variantId: number | null): CartItem => ({
  ...cartAddition(id, { variant: variantId ? lineVariant(variantId) : null }),
  quantity: 1,
});
const line = (productId: number, variantId: number | null, status: QuoteLine['status']) =>
  ({
    productId,
    variant: variantId ? lineVariant(variantId) : null,
    quantity: 1,
    status,
    product: null,
    lineTotal: 0,
  }) satisfies QuoteLine;

describe("the quote's lines on the cart's rows", () => {
  it('puts each status on the row of its variant', () => {
    const items = [row(1, 11), row(1, 12), row(2, 20)];
    const byRow = quoteLinesByRow(items, [
      line(1, 12, 'out_of_stock'),
      line(1, 11, 'short'),
      line(2, 20, 'ok'),
    ]);
    expect(byRow.get('1:11')?.status).toBe('short');
    expect(byRow.get('1:12')?.status).toBe('out_of_stock');
    expect(byRow.get('2:20')?.status).toBe('ok');
  });

  it('gives an unavailable line without a variant to the row of its product no line took', () => {
    const items = [row(1, 11), row(1, 12), row(3, null)];
    const byRow = quoteLinesByRow(items, [line(1, 11, 'ok'), line(1, null, 'unavailable')]);
    expect(byRow.get('1:11')?.status).toBe('ok');
    expect(byRow.get('1:12')?.status).toBe('unavailable');
    // A row without a variant was not sent, so no line is its.
    expect(byRow.has('3:')).toBe(false);
  });
});
