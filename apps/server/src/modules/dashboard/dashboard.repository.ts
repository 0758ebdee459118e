import type { Kysely } from 'kysely';
import type { Dashboard } from '@souq/contracts/staff';
import type { Db } from '../../db/connection';
import { defineRepository } from '../../db/repository';
import { lowStockVariants } from '../stock';
import type { Database } from '../../db/schema';

/** Orders that no longer stand: they count neither as orders nor as revenue. */
const FALLEN_STATUSES = ['cancelled', 'delivery_refused', 'refunded'] as const;

type Sales = Dashboard['today'];

function dashboardQueries(executor: Kysely<Database>) {
  return {
    /**
     * Orders placed in [from, to) that stand, and their revenue per currency: the total less what
     * partial refunds gave back.
     */
    async salesBetween(from: Date, to: Date): Promise<Sales> {
      const rows = await executor
        .selectFrom('orders')
        .select((eb) => [
          'currency',
          eb.fn.countAll<number>().as('orders'),
          eb.fn.sum<number>(eb('total_cents', '-', eb.ref('refunded_cents'))).as('amount'),
        ])
        .where('created_at', '>=', from.toISOString())
        .where('created_at', '<', to.toISOString())
        .where('status', 'not in', FALLEN_STATUSES)
        .groupBy('currency')
        .orderBy('currency')
        .execute();
      // Counts and sums are numbers on both databases (PostgreSQL's int8 is parsed as one).
      return {
        orders: rows.reduce((count, row) => count + row.orders, 0),
        revenue: rows.map((row) => ({ currency: row.currency, amount: row.amount })),
      };
    },

    async waitingOrders(): Promise<Dashboard['waiting']> {
      const rows = await executor
        .selectFrom('orders')
        .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
        .where('status', 'in', ['pending', 'confirmed', 'shipped'])
        .groupBy('status')
        .execute();
      const count = (status: string) => rows.find((row) => row.status === status)?.count ?? 0;
      return {
        toConfirm: count('pending'),
        toShip: count('confirmed'),
        toDeliver: count('shipped'),
      };
    },

    /** Variants at or below their product's low-stock threshold, fewest first. */
    lowStock: (limit: number): Promise<Dashboard['lowStock']> => lowStockVariants(executor, limit),
  };
}

export function createDashboardRepository(db: Db) {
  return defineRepository(db, dashboardQueries);
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
