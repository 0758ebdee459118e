import { z } from 'zod';
import { languageSchema } from './languages';
import { emailSchema } from './auth';
import { minorUnitsSchema, nameTranslationsSchema } from './catalog';
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
  /** Publish, hide and reply to product reviews. */
  'reviews.moderate',
  /** The shop's name, logo, contact details, promo bar and display delays (owner only). */
  'settings.manage',
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

/** One back-office change: who, when, what, before and after. */
export const auditEntrySchema = z.object({
  id: z.number().int().positive(),
  at: z.string(),
  actor: z.object({ userId: z.string().nullable(), email: z.string() }),
  /** e.g. "order.confirmed", "order.refunded", "staff.invited", "staff.role_changed". */
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

const revenueSchema = z.object({
  orders: z.number().int().nonnegative(),
  /** Per currency, of orders that stand (not cancelled, refused or refunded in full). */
  revenue: z.array(z.object({ currency: z.string().length(3), amount: minorUnitsSchema })),
});

/** GET /api/admin/dashboard (dashboard.read). Days are the shop's time zone (UTC unless configured). */
export const dashboardSchema = z.object({
  today: revenueSchema,
  thisWeek: revenueSchema,
  /** How many orders wait for each next step. */
  waiting: z.object({
    toConfirm: z.number().int().nonnegative(),
    toShip: z.number().int().nonnegative(),
    toDeliver: z.number().int().nonnegative(),
  }),
  /** Variants at or below their product's low-stock threshold, fewest first. */
  lowStock: z.array(
    z.object({
      productId: z.number().int().positive(),
      name: z.string(),
      translations: nameTranslationsSchema,
      variantId: z.number().int().positive(),
      /** Null when the product comes in one colour (or one size). */
      colour: z.string().nullable(),
      size: z.string().nullable(),
      stock: z.number().int().nonnegative(),
      threshold: z.number().int().nonnegative(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
