import { z } from 'zod';
import { paymentAttemptSchema } from './payments';
import { recordIdSchema } from './bounds';
import { addressFieldsSchema } from './addresses';
import { orderActionNames } from './order-lifecycle';
import { minorUnitsSchema } from './catalog';
import {
  couponCodeSchema,
  orderQuantitySchema,
  orderSchema,
  orderStatusSchema,
  paymentMethodSchema,
} from './orders';
import { singleLineText } from './plain-text';
import { queryIntSchema } from './query';

/*
 * The back office's view of orders and the actions that move an order through its life. Which
 * role may call what is in staff.ts (orders.read, orders.fulfil, orders.cancel, orders.refund,
 * orders.mail).
 */

export const ADMIN_ORDERS_PAGE_SIZE = 25;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD');

/** GET /api/admin/orders: newest first; every filter is in the back office's URL too. */
export const adminOrderListQuerySchema = z.object({
  /** An order number, an email, a phone number or a customer's name (or part of one). */
  q: singleLineText().max(100).optional(),
  status: orderStatusSchema.optional(),
  paymentMethod: paymentMethodSchema.optional(),
  /** Placed on or after this day (inclusive). */
  from: isoDate.optional(),
  /** Placed on or before this day (inclusive). */
  to: isoDate.optional(),
  page: queryIntSchema(1, 100_000).optional(),
});
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

export const adminOrderSummarySchema = z.object({
  id: z.number().int().positive(),
  number: z.string(),
  status: orderStatusSchema,
  createdAt: z.string(),
  email: z.string(),
  customerName: z.string(),
  phone: z.string(),
  paymentMethod: paymentMethodSchema,
  currency: z.string().length(3),
  total: minorUnitsSchema,
  itemCount: z.number().int().nonnegative(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

export const adminOrderListSchema = z.object({
  items: z.array(adminOrderSummarySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

export const mailKinds = [
  'order_placed',
  'order_confirmed',
  'order_shipped',
  'order_delivered',
  'order_cancelled',
  'order_refunded',
  /** A card payment that did not go through: declined, or never made before the hold ran out. */
  'payment_failed',
  'new_order_alert',
  /** To the owners: the payment provider declined a refund it had accepted. */
  'refund_declined_alert',
  'staff_invitation',
  /** Once a day to the owners: variants at or below their product's threshold. */
  'low_stock_digest',
  /** A reply from the back office to a contact-form message. */
  'contact_reply',
  /** The link a shopper asked for to set a new password. */
  'password_reset',
  /** A sold-out variant a shopper asked about is back in stock. */
  'back_in_stock',
] as const;
export const mailKindSchema = z.enum(mailKinds);
export type MailKind = z.infer<typeof mailKindSchema>;

export const mailStatuses = ['queued', 'sent', 'failed'] as const;

/** A mail of the outbox, as the back office lists it per order. `failed` means retries ran out. */
export const outboxMailSchema = z.object({
  id: z.number().int().positive(),
  kind: mailKindSchema,
  to: z.string(),
  subject: z.string(),
  status: z.enum(mailStatuses),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** GET /api/admin/orders/:id: the order, who placed it, what happened to it and its mails. */
export const adminOrderSchema = orderSchema.extend({
  customer: z.object({
    /** The shop account that placed it, or null for a guest. */
    userId: z.string().nullable(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
  billing: addressFieldsSchema,
  couponCode: couponCodeSchema.nullable(),
  /**
   * Bank transfer: received at confirmation; cash on delivery: collected at delivery; card: received
   * when the provider reports it paid. `attempts`: each visit to a provider's page, with its events.
   */
  payment: z.object({
    status: z.enum(['awaiting', 'received', 'collected']),
    at: z.string().nullable(),
    attempts: z.array(paymentAttemptSchema),
  }),
  /** Per line, how much of it has been refunded already (by quantity). */
  refundedQuantities: z.record(z.string(), z.number().int().nonnegative()),
  /** What the signed-in staff member may do next, by their role and the order's status. */
  allowedActions: z.array(z.enum(orderActionNames)),
  mails: z.array(outboxMailSchema),
  /** The staff actions on this order (from the audit log), oldest first. */
  history: z.array(
    z.object({
      at: z.string(),
      actorEmail: z.string(),
      action: z.string(),
      from: orderStatusSchema.nullable(),
      to: orderStatusSchema.nullable(),
    }),
  ),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

const noteSchema = singleLineText().max(500, 'A note has at most 500 characters');

/** The parcel's details, which shipping asks for (the back office's ship form). */
export const shipActionSchema = z.object({
  action: z.literal('ship'),
  /** One of the shop's carriers (GET /api/admin/carriers). */
  carrierId: recordIdSchema,
  trackingNumber: z
    .string()
    .trim()
    .min(1, 'Enter the tracking number')
    .max(60)
    .regex(/^[A-Za-z0-9 ._/-]+$/, 'Use letters, digits, spaces and . _ / - only'),
});
export const refuseDeliveryActionSchema = z.object({
  action: z.literal('refuse_delivery'),
  note: noteSchema.optional(),
});
export const cancelActionSchema = z.object({
  action: z.literal('cancel'),
  note: noteSchema.optional(),
});

/**
 * Refund whole lines or part of them. The amount is computed by the server from the lines'
 * prices (and the order's discount and shipping when `includeShipping`); `restock` says per line
 * whether the units go back to stock. When refunds cover the whole total the order becomes
 * `refunded`.
 */
export const refundActionSchema = z.object({
  action: z.literal('refund'),
  lines: z
    .array(
      z.object({
        lineId: recordIdSchema,
        quantity: orderQuantitySchema,
        restock: z.boolean(),
      }),
    )
    .min(1, 'Choose at least one line to refund'),
  includeShipping: z.boolean().optional(),
  note: noteSchema.optional(),
});

/**
 * POST /api/admin/orders/:id/actions. Each action is allowed only from certain statuses (else 409
 * `invalid_transition`); repeating the action an order has just had (a retry, or two staff
 * clicking at once) answers 200 with the order unchanged rather than doing it twice.
 * A refund carries an Idempotency-Key header, as it moves money.
 */
export const orderActionSchema = z.discriminatedUnion('action', [
  /** pending → confirmed; for a bank transfer this records the payment as received. */
  z.object({ action: z.literal('confirm') }),
  /** confirmed → shipped. */
  shipActionSchema,
  /** shipped → delivered; for cash on delivery this records the cash as collected. */
  z.object({ action: z.literal('deliver') }),
  /** shipped → delivery_refused (cash on delivery refused at the door); stock returns. */
  refuseDeliveryActionSchema,
  /** pending or confirmed → cancelled; stock returns. */
  cancelActionSchema,
  /** From confirmed, shipped or delivered (or a partly refunded order). */
  refundActionSchema,
]);
export type OrderAction = z.infer<typeof orderActionSchema>;
export type OrderActionName = OrderAction['action'];

/**
 * POST /api/admin/orders/:id/mails/:mailId/resend (orders.mail): queue the same mail again. Answers
 * 202 with the queued mail (outboxMailSchema): a new copy, so the first keeps its history, or the
 * mail itself when it is still queued. 404 when the order has no such mail.
 */
export const resendMailParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
  mailId: z
    .string()
    .regex(/^\d{1,12}$/)
    .transform(Number),
});
