import { z } from 'zod';
import { languageSchema } from './language-schemas';
import { orderParamsSchema, orderStatusSchema } from './orders';

/*
 * Online payments (decision 022): one attempt per visit to a provider's hosted page, with the
 * provider's events as they arrived.
 */

/**
 * An attempt's state: `pending` until the provider says how it ended; `paid` (taken, the stock is
 * sold), `failed` (declined or left), `expired` (the order's hold ended first); then `refunded`
 * or `partially_refunded` as money goes back through the provider.
 */
export const paymentStatuses = [
  'pending',
  'paid',
  'failed',
  'expired',
  'refunded',
  'partially_refunded',
] as const;
export const paymentStatusSchema = z.enum(paymentStatuses);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** The online providers a shop can configure (env.ts); the offline ones need no setting. */
export const onlineProviders = ['stripe', 'moyasar'] as const;
export type OnlineProvider = (typeof onlineProviders)[number];

/** One event a provider sent about an attempt, as stored (each event id applied once). */
export const paymentEventSchema = z.object({
  eventId: z.string(),
  type: z.string(),
  receivedAt: z.string(),
});

/**
 * Money sent back through the provider: `sent` once it accepted the refund, `declined` when it
 * said later that the refund did not go through (the amount counts as not refunded until staff
 * send it again).
 */
export const paymentRefundStatuses = ['sent', 'declined'] as const;
export const paymentRefundSchema = z.object({
  id: z.number().int().positive(),
  amount: z.number().int().positive(),
  status: z.enum(paymentRefundStatuses),
  /** The provider's reason for a declined refund, as it gave it. */
  reason: z.string().nullable(),
  /** The provider's id of the refund (Stripe: a Refund; Checkout.com: the refund action). */
  reference: z.string(),
  createdAt: z.string(),
});
export type PaymentRefund = z.infer<typeof paymentRefundSchema>;

/** POST /api/admin/orders/:id/payment-refunds/:refundId/retry: a declined refund sent again. */
export const paymentRefundParamsSchema = orderParamsSchema.extend({
  refundId: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a refund id')
    .transform(Number),
});

/** One attempt, as the back office shows it. */
export const paymentAttemptSchema = z.object({
  id: z.number().int().positive(),
  provider: z.string(),
  /** The provider's id of the attempt (a Checkout Session, a payment). */
  reference: z.string().nullable(),
  amount: z.number().int().nonnegative(),
  refunded: z.number().int().nonnegative(),
  currency: z.string(),
  status: paymentStatusSchema,
  createdAt: z.string(),
  events: z.array(paymentEventSchema),
  refunds: z.array(paymentRefundSchema),
});
export type PaymentAttempt = z.infer<typeof paymentAttemptSchema>;

/** The shopper's return page: `/checkout/payment/:token`, the token of their attempt. */
export const paymentTokenParamsSchema = z.object({
  token: z.uuid(),
});

/** GET /api/payments/:token: how the attempt stands, after asking the provider if still open. */
export const paymentStateSchema = z.object({
  status: paymentStatusSchema,
  orderNumber: z.string(),
  orderStatus: orderStatusSchema,
  /** While the order's stock is still held: until when, so the page can say how long is left. */
  holdUntil: z.string().nullable(),
  /** Whether another attempt may be started (unpaid, and the hold still runs). */
  canRetry: z.boolean(),
});
export type PaymentState = z.infer<typeof paymentStateSchema>;

/** POST /api/payments/:token/retry: a new attempt on the same order, in the page's language. */
export const retryPaymentSchema = z.object({
  locale: languageSchema.optional(),
});

export const paymentRedirectSchema = z.object({
  redirectUrl: z.url(),
});
export type PaymentRedirect = z.infer<typeof paymentRedirectSchema>;

/** GET /api/payments/methods: what checkout may offer. */
export const paymentMethodsOfferedSchema = z.object({
  card: z.boolean(),
});
export type PaymentMethodsOffered = z.infer<typeof paymentMethodsOfferedSchema>;
