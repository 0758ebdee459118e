import { z } from 'zod';
import { MAX_TYPED_COUNT, recordIdSchema } from './bounds';
import { languageSchema } from './language-schemas';
import { addressSchema } from './addresses';
import { emailSchema } from './auth';
import { minorUnitsSchema, nameTranslationsSchema } from './catalog';
import { adminOrderSummarySchema } from './admin-orders';
import { couponCodeSchema } from './orders';
import { multiLineText, singleLineText } from './plain-text';
import { queryIntSchema } from './query';

/*
 * The back office's marketing and people: coupons and flash sales (`marketing.manage`),
 * customers and newsletter subscribers (`customers.read`; the subscribers' export is
 * `marketing.manage`), and the contact form's messages (`messages.answer`).
 */

export const ADMIN_LIST_PAGE_SIZE = 25;

const isoDateTime = z.iso.datetime({ offset: true });

/** `:id` of a coupon, flash sale or message. */
export const adminIdParamsSchema = z.object({ id: queryIntSchema(1, 2_000_000_000) });

/* Coupons */

export const couponStates = ['active', 'scheduled', 'paused', 'expired', 'used_up'] as const;
export type CouponState = (typeof couponStates)[number];

export const adminCouponSchema = z.object({
  id: z.number().int().positive(),
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  /** percent: 1..100; fixed: minor units. */
  amount: z.number().int().positive(),
  minSubtotal: minorUnitsSchema,
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().int().positive().nullable(),
  maxUsesPerEmail: z.number().int().positive().nullable(),
  /** Only this customer may use it. */
  email: z.string().nullable(),
  usesCount: z.number().int().nonnegative(),
  paused: z.boolean(),
  /** Worked out by the server at the time of the answer, by the app clock. */
  state: z.enum(couponStates),
  createdAt: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

/** GET /api/admin/coupons */
export const adminCouponListQuerySchema = z.object({
  q: singleLineText().max(40).optional(),
  state: z.enum(couponStates).optional(),
  page: queryIntSchema(1, 100_000).optional(),
});
export const adminCouponListSchema = z.object({
  items: z.array(adminCouponSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type AdminCouponList = z.infer<typeof adminCouponListSchema>;

/**
 * POST /api/admin/coupons and PUT /api/admin/coupons/:id: everything `npm run coupon:create`
 * takes, plus paused. 409 `code_taken`. A coupon's code cannot change once it has been used.
 */
export const couponEditorSchema = z
  .object({
    code: couponCodeSchema.transform((c) => c.toUpperCase()),
    kind: z.enum(['percent', 'fixed']),
    amount: z.number().int().positive('must be at least 1').max(MAX_TYPED_COUNT),
    minSubtotal: minorUnitsSchema.max(MAX_TYPED_COUNT),
    startsAt: isoDateTime.nullable(),
    endsAt: isoDateTime.nullable(),
    maxUses: z.number().int().positive().max(MAX_TYPED_COUNT).nullable(),
    maxUsesPerEmail: z.number().int().positive().max(MAX_TYPED_COUNT).nullable(),
    email: emailSchema.nullable(),
    paused: z.boolean(),
  })
  .refine((c) => c.kind !== 'percent' || c.amount <= 100, {
    message: 'A percentage is at most 100',
    path: ['amount'],
  })
  .refine((c) => !c.startsAt || !c.endsAt || Date.parse(c.startsAt) < Date.parse(c.endsAt), {
    message: 'The end must be after the start',
    path: ['endsAt'],
  });
export type CouponEditor = z.infer<typeof couponEditorSchema>;
export type CouponEditorInput = z.input<typeof couponEditorSchema>;

/** One use of a coupon: the order that redeemed it. */
export const couponUseSchema = z.object({
  couponId: z.number().int().positive(),
  code: z.string(),
  order: z.object({ id: z.number().int().positive(), number: z.string() }),
  email: z.string(),
  at: z.string(),
  currency: z.string().length(3),
  discount: minorUnitsSchema,
});
export type CouponUse = z.infer<typeof couponUseSchema>;

/** GET /api/admin/coupons/:id/uses?email=: newest first; `email` narrows to one customer's uses. */
export const couponUsesQuerySchema = z.object({
  email: singleLineText().max(254).optional(),
  page: queryIntSchema(1, 100_000).optional(),
});
export const couponUseListSchema = z.object({
  items: z.array(couponUseSchema),
  page: z.number().int().positive(),
  hasMore: z.boolean(),
});

/* Flash sales */

export const flashSaleStates = ['scheduled', 'running', 'ended'] as const;

export const adminFlashSaleSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.enum(flashSaleStates),
  products: z.array(
    z.object({
      id: z.number().int().positive(),
      name: z.string(),
      translations: nameTranslationsSchema,
      image: z.string(),
      price: minorUnitsSchema,
      currency: z.string().length(3),
    }),
  ),
});
export type AdminFlashSale = z.infer<typeof adminFlashSaleSchema>;

/** GET /api/admin/flash-sales: running first, then scheduled by start, then ended (newest first). */
export const adminFlashSaleListSchema = z.object({
  items: z.array(adminFlashSaleSchema),
  /** The server's time, so the back office's countdown ignores a wrong device clock. */
  serverTime: z.string(),
});

/**
 * POST /api/admin/flash-sales and PUT /api/admin/flash-sales/:id. A product is in at most one
 * sale at a time: 409 `product_in_other_sale` when the times overlap another sale's that has it.
 * The storefront's home page shows a sale from its start, within the catalog's cache time.
 */
export const flashSaleEditorSchema = z
  .object({
    name: singleLineText().min(1, 'Enter a name').max(100),
    startsAt: isoDateTime,
    endsAt: isoDateTime,
    productIds: z
      .array(recordIdSchema)
      .min(1, 'Pick at least one product')
      .max(100)
      .refine((ids) => new Set(ids).size === ids.length, 'Each product once'),
  })
  .refine((s) => Date.parse(s.startsAt) < Date.parse(s.endsAt), {
    message: 'The end must be after the start',
    path: ['endsAt'],
  });
export type FlashSaleEditor = z.infer<typeof flashSaleEditorSchema>;

/* Customers */

export const adminCustomerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** A guest buyer: orders under an email with no account; `name` is from their last order. */
  guest: z.boolean(),
  /** An account's sign-up, a guest's first order. */
  createdAt: z.string(),
  orderCount: z.number().int().nonnegative(),
  /** In minor units: orders that still stand (as the dashboard counts revenue). */
  totalSpent: z.number().int().nonnegative(),
  lastOrderAt: z.string().nullable(),
  subscribed: z.boolean(),
});
export type AdminCustomerSummary = z.infer<typeof adminCustomerSummarySchema>;

/**
 * GET /api/admin/customers: shop accounts and guest buyers (orders with no account, grouped by
 * email in any case), newest first; q is part of a name or an email. Guest orders under an
 * account's email count for the account, so a guest who signs up is one customer.
 */
export const adminCustomerListQuerySchema = z.object({
  q: singleLineText().max(100).optional(),
  page: queryIntSchema(1, 100_000).optional(),
});
export const adminCustomerListSchema = z.object({
  items: z.array(adminCustomerSummarySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type AdminCustomerList = z.infer<typeof adminCustomerListSchema>;

/** GET /api/admin/customers/:id */
export const adminCustomerSchema = adminCustomerSummarySchema.extend({
  /** Orders placed while signed in and guest orders under the same email, newest first. */
  orders: z.array(adminOrderSummarySchema),
  addresses: z.array(addressSchema),
  newsletter: z.object({ subscribed: z.boolean(), since: z.string().nullable() }),
  couponUses: z.array(couponUseSchema),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

/** A guest buyer's id: `guest:` and their email, lower case. */
export const guestCustomerIdSchema = z
  .string()
  .regex(/^guest:/)
  .refine((id) => emailSchema.safeParse(id.slice('guest:'.length)).success, 'Not a guest id');

/** An account's id, or a guest buyer's. */
export const adminCustomerParamsSchema = z.object({
  id: z.union([
    guestCustomerIdSchema,
    singleLineText()
      .min(1)
      .max(100)
      .regex(/^[^:]+$/),
  ]),
});

/** GET /api/admin/newsletter/subscribers.csv: email,subscribed_at, oldest first, for a mailing tool. */

/* Messages from the contact form */

export const messageStates = ['unread', 'read', 'answered'] as const;

export const adminMessageSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  receivedAt: z.string(),
  state: z.enum(messageStates),
  readAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  answeredBy: z.string().nullable(),
  /** The reply sent from the back office; null when answered another way (a phone call). */
  reply: z.string().nullable(),
});
export type AdminMessage = z.infer<typeof adminMessageSchema>;

/** GET /api/admin/messages: newest first. */
export const adminMessageListQuerySchema = z.object({
  state: z.enum(messageStates).optional(),
  q: singleLineText().max(100).optional(),
  page: queryIntSchema(1, 100_000).optional(),
});
export const adminMessageListSchema = z.object({
  items: z.array(adminMessageSchema),
  total: z.number().int().nonnegative(),
  /** For the back office's navigation badge. */
  unread: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type AdminMessageList = z.infer<typeof adminMessageListSchema>;

/**
 * PATCH /api/admin/messages/:id: mark read or unread, or answered without a mail (answered by
 * phone). POST /api/admin/messages/:id/reply sends `reply` to the sender through the outbox (in
 * the language chosen) and marks the message answered.
 */
export const messageStateChangeSchema = z.object({ state: z.enum(messageStates) });
export const messageReplySchema = z.object({
  reply: multiLineText().min(1, 'Write a reply').max(5000),
  locale: languageSchema,
});
export type MessageReply = z.infer<typeof messageReplySchema>;
