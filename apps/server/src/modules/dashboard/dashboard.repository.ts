import type { Kysely } from 'kysely';
import {
  bucketStatuses,
  fallenStatuses,
  waitingBuckets,
  type WaitingBucket,
} from '@souq/contracts/order-lifecycle';
import type { Dashboard } from '@souq/contracts/staff';
import type { Db } from '../../db/connection';
import { defineRepository } from '../../db/repository';
import { lowStockVariants } from '../stock';
import type { Database } from '../../db/schema';

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
        .where('status', 'not in', fallenStatuses)
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
      const buckets = Object.keys(waitingBuckets) as WaitingBucket[];
      const rows = await executor
        .selectFrom('orders')
        .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
        .where('status', 'in', buckets.flatMap(bucketStatuses))
        .groupBy('status')
        .execute();
      const count = (bucket: WaitingBucket) =>
        rows
          .filter((row) => bucketStatuses(bucket).includes(row.status))
          .reduce((sum, row) => sum + row.count, 0);
      return {
        toConfirm: count('toConfirm'),
        toShip: count('toShip'),
        toDeliver: count('toDeliver'),
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
