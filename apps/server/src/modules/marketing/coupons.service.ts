import {
  ADMIN_LIST_PAGE_SIZE,
  type AdminCoupon,
  type AdminCouponList,
  type CouponEditor,
  type CouponState,
  type CouponUse,
} from '@souq/contracts/admin-marketing';
import { toIsoString } from '../../db/dialect';
import { AppError, NotFoundError } from '../../http/errors';
import type { AuditActor } from '../audit/audit.repository';
import { toAdminCoupon, type CouponValues, type CouponsRepository } from './coupons.repository';

export interface CouponsServiceDependencies {
  repository: CouponsRepository;
  clock?: () => Date;
}

function codeTaken(code: string): AppError {
  return new AppError(409, 'code_taken', `A coupon with the code ${code} already exists.`, {
    code: 'This code is taken',
  });
}

/**
 * Coupons as the back office and `npm run coupon:create` make them: the one way a coupon is
 * created or changed, each change audited in its transaction.
 */
export function createCouponsService({
  repository,
  clock = () => new Date(),
}: CouponsServiceDependencies) {
  const now = () => clock().toISOString();

  function valuesOf(editor: CouponEditor, pausedAt: string | null): CouponValues {
    return {
      code: editor.code,
      kind: editor.kind,
      amount: editor.amount,
      min_subtotal_cents: editor.minSubtotal,
      starts_at: editor.startsAt && new Date(editor.startsAt).toISOString(),
      ends_at: editor.endsAt && new Date(editor.endsAt).toISOString(),
      max_uses: editor.maxUses,
      max_uses_per_email: editor.maxUsesPerEmail,
      email: editor.email?.toLowerCase() ?? null,
      paused_at: pausedAt,
    };
  }

  async function setPaused(actor: AuditActor, id: number, paused: boolean): Promise<AdminCoupon> {
    const at = now();
    return repository.transaction(async (tx) => {
      const before = await tx.findCoupon(id, true);
      if (!before) throw new NotFoundError('No such coupon.');
      // Pausing a paused coupon keeps the time it was first paused.
      if (paused === (before.paused_at !== null)) return toAdminCoupon(before, at);
      const after = await tx.updateCoupon(id, { paused_at: paused ? at : null });
      await tx.audit.record({
        actor,
        action: paused ? 'coupon.paused' : 'coupon.resumed',
        entityType: 'coupon',
        entityId: id,
        before: toAdminCoupon(before, at),
        after: toAdminCoupon(after, at),
        at: new Date(at),
      });
      return toAdminCoupon(after, at);
    });
  }

  return {
    async listCoupons(query: {
      q?: string;
      state?: CouponState;
      page?: number;
    }): Promise<AdminCouponList> {
      const page = query.page ?? 1;
      const { items, total } = await repository.listCoupons({ ...query, page, now: now() });
      return { items, total, page, pageSize: ADMIN_LIST_PAGE_SIZE };
    },

    async getCoupon(id: number): Promise<AdminCoupon> {
      const row = await repository.findCoupon(id);
      if (!row) throw new NotFoundError('No such coupon.');
      return toAdminCoupon(row, now());
    },

    async createCoupon(actor: AuditActor, editor: CouponEditor): Promise<AdminCoupon> {
      const at = now();
      return repository.transaction(async (tx) => {
        if ((await tx.couponIdByCode(editor.code)) !== undefined) throw codeTaken(editor.code);
        const row = await tx.insertCoupon(valuesOf(editor, editor.paused ? at : null));
        const coupon = toAdminCoupon(row, at);
        await tx.audit.record({
          actor,
          action: 'coupon.created',
          entityType: 'coupon',
          entityId: row.id,
          before: null,
          after: coupon,
          at: new Date(at),
        });
        return coupon;
      });
    },

    /** Changes a coupon; its code stays once an order has used it (orders and mails show it). */
    async updateCoupon(actor: AuditActor, id: number, editor: CouponEditor): Promise<AdminCoupon> {
      const at = now();
      return repository.transaction(async (tx) => {
        const before = await tx.findCoupon(id, true);
        if (!before) throw new NotFoundError('No such coupon.');
        if (editor.code !== before.code) {
          if (before.uses_count > 0) {
            throw new AppError(
              409,
              'coupon_code_locked',
              'Orders have used this coupon, so its code cannot change.',
              { code: 'The code of a used coupon cannot change' },
            );
          }
          const other = await tx.couponIdByCode(editor.code);
          if (other !== undefined && other !== id) throw codeTaken(editor.code);
        }
        // A coupon that stays paused keeps the time it was first paused.
        const pausedAt = editor.paused
          ? before.paused_at === null
            ? at
            : toIsoString(before.paused_at)
          : null;
        const after = await tx.updateCoupon(id, valuesOf(editor, pausedAt));
        await tx.audit.record({
          actor,
          action: 'coupon.updated',
          entityType: 'coupon',
          entityId: id,
          before: toAdminCoupon(before, at),
          after: toAdminCoupon(after, at),
          at: new Date(at),
        });
        return toAdminCoupon(after, at);
      });
    },

    /** A customer's coupon uses, for their page in the back office. */
    usesByEmail: (email: string) => repository.usesByEmail(email),

    pauseCoupon: (actor: AuditActor, id: number) => setPaused(actor, id, true),
    resumeCoupon: (actor: AuditActor, id: number) => setPaused(actor, id, false),

    async listUses(
      id: number,
      query: { email?: string; page?: number },
    ): Promise<{ items: CouponUse[]; page: number; hasMore: boolean }> {
      if (!(await repository.findCoupon(id))) throw new NotFoundError('No such coupon.');
      const page = query.page ?? 1;
      const { items, hasMore } = await repository.listUses(id, { email: query.email, page });
      return { items, page, hasMore };
    },
  };
}
export type CouponsService = ReturnType<typeof createCouponsService>;
