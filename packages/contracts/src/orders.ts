import { z } from 'zod';
import { languageSchema } from './language-schemas';
import { orderStatuses } from './order-lifecycle';
import { singleLineText } from './plain-text';
import { addressFieldsSchema, addressInputSchema } from './addresses';
import { recordIdSchema } from './bounds';
import {
  deliveryAddressSchema,
  deliveryStatuses,
  orderShippingMethodSchema,
  shippingOptionSchema,
} from './shipping';
import {
  colourSchema,
  minorUnitsSchema,
  nameTranslationsSchema,
  productIdSchema,
  variantIdSchema,
} from './catalog';
import { queryIntSchema } from './query';
import { taxLineSchema, taxRateBpSchema } from './tax';

import { ORDER_LINE_MAX_QUANTITY, ORDER_MAX_LINES } from './order-values';

export { ORDER_LINE_MAX_QUANTITY, ORDER_MAX_LINES } from './order-values';

/** A whole quantity from 1 to the per-line maximum; fractions, strings and 0 are refused. */
export const orderQuantitySchema = z
  .number()
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(ORDER_LINE_MAX_QUANTITY, `must be at most ${ORDER_LINE_MAX_QUANTITY}`);

/**
 * What the client may say about a line: which product, which of its variants and how many. Any
 * price it sends is dropped. `variantId` may be left out only for a product with a single variant;
 * for any other product, or a variant of another product, the line is unavailable.
 */
export const orderLineInputSchema = z.object({
  productId: productIdSchema,
  variantId: variantIdSchema.optional(),
  quantity: orderQuantitySchema,
});
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;

/** The key that says two lines are the same thing: a variant appears on one line only. */
export function lineKey(line: { productId: number; variantId?: number | null }): string {
  return `${line.productId}:${line.variantId ?? ''}`;
}

/** Lines of which no two name the same product variant. */
export function distinctLines<T extends z.ZodType<{ productId: number; variantId?: number }[]>>(
  lines: T,
) {
  return lines.refine((list) => new Set(list.map((l) => lineKey(l))).size === list.length, {
    message: 'A product variant appears on one line only',
  });
}

/** What a line says of the variant bought, as it was when the order was placed or quoted. */
export const lineVariantSchema = z.object({
  id: variantIdSchema,
  /** With its name in other languages and its swatch; null when the product has one colour. */
  colour: colourSchema.nullable(),
  size: z.string().nullable(),
});
export type LineVariant = z.infer<typeof lineVariantSchema>;

export const couponCodeSchema = z
  .string()
  .trim()
  .min(1, 'Enter a coupon code')
  .max(40, 'A coupon code has at most 40 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'A coupon code has only letters, digits, - and _');

/**
 * How the shopper pays; the payments module has one provider per method. `card` is paid on the
 * card provider's hosted page (Stripe, or Moyasar), offered only when one is configured.
 */
export const paymentMethods = ['bank_transfer', 'cash_on_delivery', 'card'] as const;
export const paymentMethodSchema = z.enum(paymentMethods);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

const orderLinesSchema = distinctLines(
  z
    .array(orderLineInputSchema)
    .min(1, 'An order needs at least one product')
    .max(ORDER_MAX_LINES, `An order has at most ${ORDER_MAX_LINES} lines`),
);

/**
 * Where the shopper checks out: `installed_app` when the shop runs as the installed app (its
 * display mode is standalone), which makes a new customer's first order eligible for the app
 * offer. The browser says so; the one-per-customer rule is what guards the offer.
 */
export const checkoutChannels = ['browser', 'installed_app'] as const;
export const checkoutChannelSchema = z.enum(checkoutChannels);
export type CheckoutChannel = z.infer<typeof checkoutChannelSchema>;

/** POST /api/orders. The billing email is the order's email (for guest look-up and coupons). */
export const placeOrderSchema = z.object({
  lines: orderLinesSchema,
  billing: addressInputSchema,
  paymentMethod: paymentMethodSchema,
  /**
   * One of the quote's `shippingOptions` for this address; when absent, the cheapest of them.
   * A method that does not serve the address (or no longer exists) is a 400 naming this field.
   */
  shippingMethodId: recordIdSchema.optional(),
  couponCode: couponCodeSchema.optional(),
  /** Add the billing address to the signed-in shopper's address book unless it is there already; off when absent. */
  saveAddress: z.boolean().optional(),
  /** The language the shopper is using; the order's mails are written in it. English when absent. */
  locale: languageSchema.optional(),
  /** `browser` when absent. */
  channel: checkoutChannelSchema.optional(),
});
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;
export type PlaceOrder = z.infer<typeof placeOrderSchema>;

/** A client-chosen key per checkout attempt (a UUID is ideal); retries reuse it. */
export const idempotencyKeySchema = z
  .string()
  .min(8, 'must be 8 to 100 characters')
  .max(100, 'must be 8 to 100 characters')
  .regex(/^[A-Za-z0-9_.:-]+$/, 'may hold only letters, digits and _ . : -');

/** Loose: the request's other headers pass through untouched. */
export const placeOrderHeadersSchema = z.looseObject({ 'idempotency-key': idempotencyKeySchema });

/** An order's statuses, as the lifecycle table (order-lifecycle.ts) names them. */
export { orderStatuses };
export const orderStatusSchema = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export function isOrderStatus(value: string): value is OrderStatus {
  return (orderStatuses as readonly string[]).includes(value);
}

export const orderEventTypes = [
  'placed',
  'confirmed',
  /** Bank transfer: recorded with confirmation. */
  'payment_received',
  'shipped',
  'delivered',
  /** Cash on delivery: recorded with delivery. */
  'cash_collected',
  'delivery_refused',
  'cancelled',
  /** Whole or part; `amount` says how much. */
  'refunded',
] as const;
export const orderEventTypeSchema = z.enum(orderEventTypes);
export type OrderEventType = z.infer<typeof orderEventTypeSchema>;

/** One step of an order's timeline as the shopper sees it (no staff names). */
export const orderEventSchema = z.object({
  type: orderEventTypeSchema,
  at: z.string(),
  /** Refunded amount in minor units, for `refunded`. */
  amount: minorUnitsSchema.nullable(),
  /** Shown to the shopper: a cancel reason, a refund note. */
  note: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const shipmentSchema = z.object({
  carrier: z.string(),
  trackingNumber: z.string(),
  /** The carrier's tracking page for the parcel; null for orders shipped before carriers had one. */
  trackingUrl: z.string().nullable(),
  shippedAt: z.string(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

export const orderLineSchema = z.object({
  /** The line's own id, which refunds by line name. */
  id: z.number().int().positive(),
  productId: productIdSchema,
  /** Name and price as they were when the order was placed. */
  name: z.string(),
  /** The name in other languages, as it was when the order was placed. */
  translations: nameTranslationsSchema,
  /** The variant bought; null on lines of orders placed before products had variants. */
  variant: lineVariantSchema.nullable(),
  unitPrice: minorUnitsSchema,
  quantity: z.number().int().positive(),
  lineTotal: minorUnitsSchema,
  /** The VAT rate the line was taxed at, in basis points (1500 is 15%); 0 when untaxed. */
  taxRate: taxRateBpSchema,
  /** The line's VAT after its share of the discount, rounded on its own (decision 023). */
  tax: minorUnitsSchema,
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderTotalsSchema = z.object({
  currency: z.string().length(3),
  subtotal: minorUnitsSchema,
  shipping: minorUnitsSchema,
  discount: minorUnitsSchema,
  /**
   * All the VAT, shipping's included (decision 023). Inside the prices when `pricesIncludeTax`
   * (the total is subtotal − discount + shipping), else added to them (and to the total).
   */
  tax: minorUnitsSchema,
  /** The part of `tax` charged on shipping. */
  shippingTax: minorUnitsSchema,
  pricesIncludeTax: z.boolean(),
  /** The tax per rate, highest first: what "includes VAT (15%)" shows. Empty when untaxed. */
  taxLines: z.array(taxLineSchema),
  total: minorUnitsSchema,
});
export type OrderTotals = z.infer<typeof orderTotalsSchema>;

export const orderSchema = orderTotalsSchema.extend({
  id: z.number().int().positive(),
  /** What the shopper quotes and types into the guest look-up, e.g. "SQ-7K3M9Q2X". */
  number: z.string(),
  status: orderStatusSchema,
  email: z.string(),
  billing: addressFieldsSchema,
  paymentMethod: paymentMethodSchema,
  /** The delivery method as it was when placed; null on orders from before shipping methods. */
  shippingMethod: orderShippingMethodSchema.nullable(),
  couponCode: z.string().nullable(),
  lines: z.array(orderLineSchema),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  /** The language the order was placed in; its mails are written in it. */
  locale: languageSchema,
  /** Present once shipped. */
  shipment: shipmentSchema.nullable(),
  /** The sum of every refund so far, in minor units. */
  refundedTotal: minorUnitsSchema,
  /** The tax invoice's number ("INV-000042") once issued: when placed, or when paid online. */
  invoiceNumber: z.string().nullable(),
  /** Oldest first. */
  timeline: z.array(orderEventSchema),
});
export type Order = z.infer<typeof orderSchema>;

/** Why "save this address" did not add it: the book is full, or nobody is signed in. */
export const addressNotSavedReasons = ['address_book_full', 'not_signed_in'] as const;

/**
 * POST /api/orders answers with the order and, when the shopper asked to save the address, what
 * became of that: the order stands either way. `saved` is also true when the book already held it.
 */
export const placedOrderSchema = orderSchema.extend({
  /**
   * For an order awaiting an online payment: the provider's hosted page to send the shopper to.
   * Null when the provider could not be reached; the order's payment page can try again.
   */
  paymentRedirectUrl: z.url().nullable().optional(),
  addressBook: z
    .discriminatedUnion('saved', [
      z.object({ saved: z.literal(true) }),
      z.object({ saved: z.literal(false), reason: z.enum(addressNotSavedReasons) }),
    ])
    .optional(),
});
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

export const orderListSchema = z.object({ items: z.array(orderSchema) });

export const ORDER_LIST_LIMIT_MAX = 100;

/** GET /api/orders: newest first, optionally only one status and at most `limit` orders. */
export const orderListQuerySchema = z.object({
  status: orderStatusSchema.optional(),
  limit: queryIntSchema(1, ORDER_LIST_LIMIT_MAX).optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;
export type OrderList = z.infer<typeof orderListSchema>;

export const orderParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'must be an order id')
    .transform(Number),
});

/** POST /api/orders/lookup: a guest finds an order by its number and the email used. */
export const orderLookupSchema = z.object({
  number: singleLineText().toUpperCase().min(1, 'Enter the order number').max(20),
  email: z.email('Enter the email address used for the order').max(254),
});
export type OrderLookup = z.infer<typeof orderLookupSchema>;

/**
 * POST /api/orders/quote: what the cart and checkout show. The server prices the lines with the
 * catalog's current prices and stock, applies the coupon by its rules and computes shipping, so
 * the client never works out money rules itself. Unknown products are reported, not refused.
 */
export const quoteRequestSchema = z.object({
  lines: orderLinesSchema,
  couponCode: couponCodeSchema.optional(),
  /** Lets per-email coupon rules answer before checkout; optional. */
  email: z.email().max(254).optional(),
  /** Where it goes: without it the quote charges no shipping yet (`delivery: address_needed`). */
  address: deliveryAddressSchema.optional(),
  /** The method chosen; one that does not serve the address gives way to the cheapest. */
  shippingMethodId: recordIdSchema.optional(),
  /** Cash on delivery adds the method's fee to shipping. */
  paymentMethod: paymentMethodSchema.optional(),
  /** `browser` when absent; `installed_app` quotes the app offer. */
  channel: checkoutChannelSchema.optional(),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

export const quoteLineStatuses = [
  'ok',
  'short',
  'out_of_stock',
  'unavailable',
  'other_currency',
] as const;

export const quoteLineSchema = z.object({
  productId: productIdSchema,
  /** The variant priced; null when the line is unavailable (unknown product or variant). */
  variant: lineVariantSchema.nullable(),
  quantity: z.number().int().positive(),
  /**
   * ok; short: fewer of the variant in stock than asked; out_of_stock; unavailable: no longer
   * sold, or no such variant of it (or no variant named for a product that has several);
   * other_currency: priced in another currency than the cart's first line, so left out of the
   * totals (an order is paid in one currency; placing it answers 400 mixed_currencies).
   */
  status: z.enum(quoteLineStatuses),
  /** Absent when the product is unavailable. */
  product: z
    .object({
      name: z.string(),
      slug: z.string(),
      image: z.string(),
      price: minorUnitsSchema,
      compareAtPrice: minorUnitsSchema.nullable(),
      currency: z.string().length(3),
      /** The variant's stock. */
      stock: z.number().int().nonnegative(),
      translations: nameTranslationsSchema,
    })
    .nullable(),
  lineTotal: minorUnitsSchema,
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const couponRejections = [
  'unknown',
  /** Paused by staff in the back office. */
  'paused',
  'not_started',
  'expired',
  'below_minimum',
  'used_up',
  'not_for_this_email',
  'already_used_by_email',
  /** A first-order (newsletter) coupon, when this customer already had a first-order discount. */
  'first_order_used',
] as const;
export type CouponRejection = (typeof couponRejections)[number];

export const quoteSchema = orderTotalsSchema.extend({
  lines: z.array(quoteLineSchema),
  coupon: z
    .object({
      code: z.string(),
      applied: z.boolean(),
      rejection: z.enum(couponRejections).nullable(),
      message: z.string().nullable(),
    })
    .nullable(),
  /**
   * The installed app's first-order discount (in `discount`), when it applies: from the app, no
   * coupon, and no earlier first-order discount for this customer (judged by email alone here).
   */
  appOffer: z.object({ amount: minorUnitsSchema }).nullable(),
  /** Subtotal after discount from which the chosen method is free; null when it never is. */
  freeShippingFrom: minorUnitsSchema.nullable(),
  delivery: z.enum(deliveryStatuses),
  /** The methods that deliver to the address, cheapest first, each priced for this cart. */
  shippingOptions: z.array(shippingOptionSchema),
  /** The method `shipping` is priced with; null when nothing delivers there (or no address yet). */
  shippingMethodId: recordIdSchema.nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;
