import { z } from 'zod';
import type { Db } from '../../db/connection';

/** What a shop owner gives to create a coupon (npm run coupon:create). */
export const newCouponSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, 'letters, digits, - and _, at most 40')
      .transform((c) => c.toUpperCase()),
    kind: z.enum(['percent', 'fixed']),
    /** percent: 1..100; fixed: minor units (cents). */
    amount: z.number().int().positive(),
    minSubtotal: z.number().int().nonnegative().default(0),
    startsAt: z.iso.datetime().optional(),
    endsAt: z.iso.datetime().optional(),
    maxUses: z.number().int().positive().optional(),
    maxUsesPerEmail: z.number().int().positive().optional(),
    email: z.email().optional(),
  })
  .refine((c) => c.kind !== 'percent' || c.amount <= 100, {
    message: 'a percentage is at most 100',
    path: ['amount'],
  })
  .refine((c) => !c.startsAt || !c.endsAt || c.startsAt < c.endsAt, {
    message: 'must be after startsAt',
    path: ['endsAt'],
  });
export type NewCoupon = z.input<typeof newCouponSchema>;

export class DuplicateCouponError extends Error {}

/** Adds a coupon; codes are stored upper-case and are unique. */
export async function createCoupon(
  db: Db,
  input: NewCoupon,
): Promise<{ id: number; code: string }> {
  const c = newCouponSchema.parse(input);
  const existing = await db.kysely
    .selectFrom('coupons')
    .select('id')
    .where('code', '=', c.code)
    .executeTakeFirst();
  if (existing) throw new DuplicateCouponError(`A coupon with the code ${c.code} already exists.`);
  const { id } = await db.kysely
    .insertInto('coupons')
    .values({
      code: c.code,
      kind: c.kind,
      amount: c.amount,
      min_subtotal_cents: c.minSubtotal,
      starts_at: c.startsAt ? new Date(c.startsAt).toISOString() : null,
      ends_at: c.endsAt ? new Date(c.endsAt).toISOString() : null,
      max_uses: c.maxUses ?? null,
      max_uses_per_email: c.maxUsesPerEmail ?? null,
      email: c.email?.toLowerCase() ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, code: c.code };
}
