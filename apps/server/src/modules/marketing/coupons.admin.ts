import { z } from 'zod';
import type { Db } from '../../db/connection';
import { COMMAND_LINE_ACTOR } from '../audit/audit.repository';
import { createCouponsRepository } from './coupons.repository';
import { createCouponsService } from './coupons.service';

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

/**
 * Adds a coupon from the command line through the back office's coupon service, so both make
 * coupons the same way (codes upper-case and unique: 409 `code_taken`, audited).
 */
export async function createCoupon(
  db: Db,
  input: NewCoupon,
): Promise<{ id: number; code: string }> {
  const c = newCouponSchema.parse(input);
  const coupons = createCouponsService({ repository: createCouponsRepository(db) });
  const coupon = await coupons.createCoupon(COMMAND_LINE_ACTOR, {
    code: c.code,
    kind: c.kind,
    amount: c.amount,
    minSubtotal: c.minSubtotal,
    startsAt: c.startsAt ?? null,
    endsAt: c.endsAt ?? null,
    maxUses: c.maxUses ?? null,
    maxUsesPerEmail: c.maxUsesPerEmail ?? null,
    email: c.email ?? null,
    paused: false,
  });
  return { id: coupon.id, code: coupon.code };
}
