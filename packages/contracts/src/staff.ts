import { z } from 'zod';
import { languageSchema } from './language-schemas';
import { emailSchema } from './auth';
import { singleLineText } from './plain-text';
import { queryIntSchema } from './query';

/*
 * The back office's people: staff are shop accounts with a role. What each role may do is stated
 * once here, checked by the server on every back-office route and used by the back office to show
 * only what a person may do.
 */

export const staffRoles = ['owner', 'manager', 'fulfilment', 'support'] as const;
export const staffRoleSchema = z.enum(staffRoles);
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const staffPermissions = [
  /** The dashboard's figures. */
  'dashboard.read',
  /** Invite and remove staff, change roles. */
  'staff.manage',
  /** Read the audit log. */
  'audit.read',
  /** Read orders (list, detail, timeline, mails). */
  'orders.read',
  /** Confirm, ship, deliver, record a refused delivery. */
  'orders.fulfil',
  /** Cancel a pending or confirmed order. */
  'orders.cancel',
  /** Refund an order, whole or by line. */
  'orders.refund',
  /** Send an order's mail again. */
  'orders.mail',
  /** Read customers. */
  'customers.read',
  /** Products, categories, stock, import and export. */
  'catalog.manage',
  /** Coupons, flash sales, newsletter subscribers. */
  'marketing.manage',
  /** Read and answer contact-form messages. */
  'messages.answer',
  /** Shipping zones and methods: where the shop delivers, at what price and how fast. */
  'shipping.manage',
  /** Publish, hide and reply to product reviews. */
  'reviews.moderate',
  /** The shop's name, logo, contact details, promo bar and display delays (owner only). */
  'settings.manage',
  /** The carriers orders ship with and their tracking addresses. */
  'carriers.manage',
  /** The VAT rate charged per country (owner only: it is the shop's tax return). */
  'tax.manage',
] as const;
export const staffPermissionSchema = z.enum(staffPermissions);
export type StaffPermission = z.infer<typeof staffPermissionSchema>;

export const rolePermissions: Record<StaffRole, readonly StaffPermission[]> = {
  owner: staffPermissions,
  manager: [
    'dashboard.read',
    'orders.read',
    'orders.fulfil',
    'orders.cancel',
    'orders.refund',
    'orders.mail',
    'customers.read',
    'catalog.manage',
    'marketing.manage',
    'messages.answer',
    'carriers.manage',
    'shipping.manage',
    'reviews.moderate',
  ],
  fulfilment: ['dashboard.read', 'orders.read', 'orders.fulfil'],
  support: [
    'dashboard.read',
    'orders.read',
    'orders.cancel',
    'orders.mail',
    'customers.read',
    'messages.answer',
    'reviews.moderate',
  ],
};

export function roleMay(role: StaffRole, permission: StaffPermission): boolean {
  return rolePermissions[role].includes(permission);
}

/** GET /api/admin/me: who is using the back office and what they may do; 403 for a non-staff account. */
export const staffMeSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  permissions: z.array(staffPermissionSchema),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

export const staffMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  /** When the account became staff. */
  since: z.string(),
  /** False until an invited person has set their password and signed in once. */
  hasSignedIn: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** GET /api/admin/staff (staff.manage). */
export const staffListSchema = z.object({ items: z.array(staffMemberSchema) });
export type StaffList = z.infer<typeof staffListSchema>;

/**
 * POST /api/admin/staff (staff.manage): make an account staff. An existing shop account keeps its
 * password; otherwise an account is created and an invitation mail carries a link to set a password.
 */
export const staffInviteSchema = z.object({
  email: emailSchema,
  name: singleLineText().max(100, 'A name has at most 100 characters').optional(),
  role: staffRoleSchema,
  /** The inviter's language: the invitation mail is written in it. English when absent. */
  locale: languageSchema.optional(),
});
export type StaffInvite = z.infer<typeof staffInviteSchema>;

/** PATCH /api/admin/staff/:userId (staff.manage). The last owner can be neither demoted nor removed (409). */
export const staffRoleChangeSchema = z.object({ role: staffRoleSchema });
export type StaffRoleChange = z.infer<typeof staffRoleChangeSchema>;

export const staffParamsSchema = z.object({ userId: singleLineText().min(1).max(100) });

/**
 * Every action the server writes to the audit log: the one list. The audit writer takes only
 * these, and the back office words each as a sentence in every language (a test checks).
 */
export const auditActions = [
  'product.created',
  'product.updated',
  'product.publish',
  'product.unpublish',
  'product.move',
  'product.archived',
  'product.stock_adjusted',
  'catalog.imported',
  'category.created',
  'category.updated',
  'category.reordered',
  'category.deleted',
  'order.confirmed',
  'order.shipped',
  'order.delivered',
  'order.delivery_refused',
  'order.cancelled',
  'order.refunded',
  'coupon.created',
  'coupon.updated',
  'coupon.paused',
  'coupon.resumed',
  'flash_sale.created',
  'flash_sale.updated',
  'flash_sale.ended',
  'flash_sale.deleted',
  'message.unread',
  'message.read',
  'message.answered',
  'message.replied',
  'staff.invited',
  'staff.role_changed',
  'staff.removed',
  'settings.updated',
  'carrier.created',
  'carrier.updated',
  'carrier.deleted',
  'shipping_zone.created',
  'shipping_zone.updated',
  'shipping_zone.deleted',
  'tax_rates.updated',
  'review.published',
  'review.hidden',
  'review.replied',
  'review.reply_removed',
  'order.paid',
  'order.payment_to_refund',
  'order.payment_refunded',
  'order.hold_expired',
  'order.refund_declined',
  'order.refund_retried',
] as const;
export type AuditAction = (typeof auditActions)[number];

export function isAuditAction(action: string): action is AuditAction {
  return (auditActions as readonly string[]).includes(action);
}

/**
 * Who made a change without an account, as stored in its actor email; the back office names them
 * in the reader's language (`systemActors.*` in the admin locales).
 */
export const systemActors = {
  commandLine: 'command line',
  paymentProvider: 'payment provider',
} as const;
export type SystemActor = keyof typeof systemActors;

/** The system actor an audit row's actor email names (no account's email is without an @). */
export function systemActorOf(email: string): SystemActor | undefined {
  return (Object.keys(systemActors) as SystemActor[]).find((key) => systemActors[key] === email);
}

/** One back-office change: who, when, what, before and after. */
export const auditEntrySchema = z.object({
  id: z.number().int().positive(),
  at: z.string(),
  /** The staff member's name as their account has it now; null for the command line or none. */
  actor: z.object({
    userId: z.string().nullable(),
    email: z.string(),
    name: z.string().nullable(),
  }),
  /** One of `auditActions`; a row written by a later version may hold another. */
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_SIZE = 50;

/** GET /api/admin/audit (audit.read): newest first. */
export const auditQuerySchema = z.object({
  entityType: z
    .string()
    .regex(/^[a-z_]{1,40}$/)
    .optional(),
  entityId: singleLineText().min(1).max(100).optional(),
  page: queryIntSchema(1, 10_000).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditListSchema = z.object({
  items: z.array(auditEntrySchema),
  page: z.number().int().positive(),
  hasMore: z.boolean(),
});
export type AuditList = z.infer<typeof auditListSchema>;
