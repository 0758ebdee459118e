import { sql, type ExpressionBuilder, type Kysely, type SqlBool, type Selectable } from 'kysely';
import {
  ADMIN_LIST_PAGE_SIZE,
  type AdminCoupon,
  type CouponState,
  type CouponUse,
} from '@souq/contracts/admin-marketing';
import type { Db } from '../../db/connection';
import { toIsoString } from '../../db/dialect';
import { containsText } from '../../db/like';
import { defineRepository } from '../../db/repository';
import type { CouponTable, Database } from '../../db/schema';
import { auditWriter } from '../audit/audit.repository';
import { currencyScale } from '../../db/currency-scale';

/** A coupon's columns as staff write them (the code upper-case, the email lower-case). */
export interface CouponValues {
  code: string;
  kind: 'percent' | 'fixed';
  amount: number;
  min_subtotal_cents: number;
  starts_at: string | null;
  ends_at: string | null;
  max_uses: number | null;
  max_uses_per_email: number | null;
  email: string | null;
  paused_at: string | null;
}

type CouponRow = Selectable<CouponTable>;

/**
 * A coupon's state at `now`, first match wins: expired, used up, paused, scheduled, active.
 * The same order as `stateWhere`, so the list's filter and its rows agree.
 */
export function couponState(row: CouponRow, now: string): CouponState {
  const at = Date.parse(now);
  if (row.ends_at !== null && Date.parse(toIsoString(row.ends_at)) <= at) return 'expired';
  if (row.max_uses !== null && row.uses_count >= row.max_uses) return 'used_up';
  if (row.paused_at !== null) return 'paused';
  if (row.starts_at !== null && Date.parse(toIsoString(row.starts_at)) > at) return 'scheduled';
  return 'active';
}

export function toAdminCoupon(row: CouponRow, now: string): AdminCoupon {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    amount: row.amount,
    minSubtotal: row.min_subtotal_cents,
    startsAt: row.starts_at === null ? null : toIsoString(row.starts_at),
    endsAt: row.ends_at === null ? null : toIsoString(row.ends_at),
    maxUses: row.max_uses,
    maxUsesPerEmail: row.max_uses_per_email,
    email: row.email,
    usesCount: row.uses_count,
    paused: row.paused_at !== null,
    state: couponState(row, now),
    createdAt: toIsoString(row.created_at),
  };
}

function stateWhere(eb: ExpressionBuilder<Database, 'coupons'>, state: CouponState, now: string) {
  const expired = eb.and([eb('ends_at', 'is not', null), eb('ends_at', '<=', now)]);
  const usedUp = eb.and([
    eb('max_uses', 'is not', null),
    eb('uses_count', '>=', eb.ref('max_uses').$notNull()),
  ]);
  const paused = eb('paused_at', 'is not', null);
  const scheduled = eb.and([eb('starts_at', 'is not', null), eb('starts_at', '>', now)]);
  const ordered = { expired, used_up: usedUp, paused, scheduled };
  // Not any earlier state, and this one (active: none of them).
  const names = Object.keys(ordered) as (keyof typeof ordered)[];
  const index = state === 'active' ? names.length : names.indexOf(state);
  return eb.and([
    ...names.slice(0, index).map((name) => eb.not(ordered[name])),
    ...(state === 'active' ? [] : [ordered[state]]),
  ]);
}

/**
 * Coupons' amounts (a fixed discount, a minimum subtotal) are in the shop's currency: when it
 * changes (settings.service.ts) they keep their figures in the new one (currency-scale.ts).
 */
export function couponCurrencyWriter(trx: Kysely<Database>) {
  const fixed = sql<SqlBool>`kind = 'fixed'`;
  return {
    async countUnscalable(from: string, to: string): Promise<number> {
      const scale = currencyScale(from, to);
      return (
        (await scale.countUnscalable(trx, 'coupons', ['amount'], fixed)) +
        (await scale.countUnscalable(trx, 'coupons', ['min_subtotal_cents']))
      );
    },
    async rescale(from: string, to: string): Promise<void> {
      const scale = currencyScale(from, to);
      await scale.scale(trx, 'coupons', ['amount'], fixed);
      await scale.scale(trx, 'coupons', ['min_subtotal_cents']);
    },
  };
}

/** The back office's SQL for coupons and their uses. */
function couponsQueries(trx: Kysely<Database>, dialect: Db['dialect']) {
  function selectUses() {
    return trx
      .selectFrom('coupon_redemptions')
      .innerJoin('orders', 'orders.id', 'coupon_redemptions.order_id')
      .innerJoin('coupons', 'coupons.id', 'coupon_redemptions.coupon_id')
      .select([
        'coupon_redemptions.coupon_id',
        'coupons.code',
        'orders.id as order_id',
        'orders.number',
        'coupon_redemptions.email',
        'coupon_redemptions.created_at',
        'orders.currency',
        'orders.discount_cents',
      ]);
  }
  type UseRow = Awaited<ReturnType<ReturnType<typeof selectUses>['execute']>>[number];
  const toUse = (row: UseRow): CouponUse => ({
    couponId: row.coupon_id,
    code: row.code,
    order: { id: row.order_id, number: row.number },
    email: row.email,
    at: toIsoString(row.created_at),
    currency: row.currency,
    discount: row.discount_cents,
  });

  return {
    /** Staff changes are logged in the transaction that makes them (modules/audit). */
    audit: auditWriter(trx),

    async listCoupons(query: {
      q?: string;
      state?: CouponState;
      page: number;
      now: string;
    }): Promise<{ items: AdminCoupon[]; total: number }> {
      let coupons = trx.selectFrom('coupons');
      if (query.q) coupons = coupons.where(containsText('code', query.q));
      const { state, now } = query;
      if (state) coupons = coupons.where((eb) => stateWhere(eb, state, now));
      const [{ total }, rows] = await Promise.all([
        coupons.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        coupons
          .selectAll()
          .orderBy('id', 'desc')
          .limit(ADMIN_LIST_PAGE_SIZE)
          .offset((query.page - 1) * ADMIN_LIST_PAGE_SIZE)
          .execute(),
      ]);
      return { total, items: rows.map((row) => toAdminCoupon(row, now)) };
    },

    /** A coupon; on PostgreSQL locked until the transaction ends, so two edits take turns. */
    async findCoupon(id: number, forUpdate = false): Promise<CouponRow | undefined> {
      const select = trx.selectFrom('coupons').selectAll().where('id', '=', id);
      return (forUpdate && dialect === 'postgres' ? select.forUpdate() : select).executeTakeFirst();
    },

    async couponIdByCode(code: string): Promise<number | undefined> {
      const row = await trx
        .selectFrom('coupons')
        .select('id')
        .where('code', '=', code)
        .executeTakeFirst();
      return row?.id;
    },

    async insertCoupon(values: CouponValues): Promise<CouponRow> {
      return trx.insertInto('coupons').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async updateCoupon(id: number, values: Partial<CouponValues>): Promise<CouponRow> {
      return trx
        .updateTable('coupons')
        .set(values)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** One page of a coupon's uses, newest first, optionally one customer's (part of an email). */
    async listUses(
      couponId: number,
      query: { email?: string; page: number },
    ): Promise<{ items: CouponUse[]; hasMore: boolean }> {
      let select = selectUses().where('coupon_redemptions.coupon_id', '=', couponId);
      if (query.email) select = select.where(containsText('coupon_redemptions.email', query.email));
      const rows = await select
        .orderBy('coupon_redemptions.id', 'desc')
        .limit(ADMIN_LIST_PAGE_SIZE + 1)
        .offset((query.page - 1) * ADMIN_LIST_PAGE_SIZE)
        .execute();
      return {
        items: rows.slice(0, ADMIN_LIST_PAGE_SIZE).map(toUse),
        hasMore: rows.length > ADMIN_LIST_PAGE_SIZE,
      };
    },

    /** Every coupon use under one email (stored lower-case), newest first. */
    async usesByEmail(email: string): Promise<CouponUse[]> {
      const rows = await selectUses()
        .where('coupon_redemptions.email', '=', email.toLowerCase())
        .orderBy('coupon_redemptions.id', 'desc')
        .limit(100)
        .execute();
      return rows.map(toUse);
    },
  };
}

export function createCouponsRepository(db: Db) {
  return defineRepository(db, (trx) => couponsQueries(trx, db.dialect));
}
export type CouponsRepository = ReturnType<typeof createCouponsRepository>;
