import { FREE_SHIPPING_FROM_CENTS } from '@souq/contracts/order-values';
import type { OrderTotals } from '@souq/contracts/orders';

/**
 * Shipping: free when the subtotal after discount reaches FREE_SHIPPING_FROM_CENTS, otherwise a
 * flat FLAT_SHIPPING_CENTS per order. An order with nothing in it ships nothing.
 */
export const FLAT_SHIPPING_CENTS = 500;

export function shippingFor(discountedSubtotal: number, hasItems: boolean): number {
  if (!hasItems || discountedSubtotal >= FREE_SHIPPING_FROM_CENTS) return 0;
  return FLAT_SHIPPING_CENTS;
}

/** Every amount in integer minor units. */
export function computeTotals(
  currency: string,
  subtotal: number,
  discount: number,
  hasItems: boolean,
): OrderTotals {
  const shipping = shippingFor(subtotal - discount, hasItems);
  return { currency, subtotal, discount, shipping, total: subtotal - discount + shipping };
}
