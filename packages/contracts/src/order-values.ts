/*
 * The orders' plain limits, kept free of zod so the web app's start-up can use them without
 * shipping the schemas to the browser. orders.ts re-exports them.
 */

/** The most of one product a single order may take; more is refused with a 400. */
export const ORDER_LINE_MAX_QUANTITY = 99;
/** The most distinct lines one order may have. */
export const ORDER_MAX_LINES = 50;
