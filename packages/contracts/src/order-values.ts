import { minorUnitDigits } from './money';
/*
 * The orders' plain limits, kept free of zod so the web app's start-up can use them without
 * shipping the schemas to the browser. orders.ts re-exports them.
 */

/** The most of one product a single order may take; more is refused with a 400. */
export const ORDER_LINE_MAX_QUANTITY = 99;
/** The most distinct lines one order may have. */
export const ORDER_MAX_LINES = 50;
/**
 * Shipping is free from 140 of the order's currency (after discount); below it, a flat 5 of it:
 * $140.00 and $5.00, 140.000 and 5.000 KWD. In minor units of `currency`.
 */
export function freeShippingFrom(currency: string): number {
  return 140 * 10 ** minorUnitDigits(currency);
}
export function flatShipping(currency: string): number {
  return 5 * 10 ** minorUnitDigits(currency);
}
