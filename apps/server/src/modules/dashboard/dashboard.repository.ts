import type { Kysely } from 'kysely';
import {
  bucketStatuses,
  fallenStatuses,
  orderStatuses,
  waitingBuckets,
  type WaitingBucket,
} from '@souq/contracts/order-lifecycle';
import type { Dashboard } from '@souq/contracts/dashboard';
import type { Db } from '../../db/connection';
import { toIsoString } from '../../db/dialect';
import { defineRepository } from '../../db/repository';
import type { Database } from '../../db/schema';
import {
  categoryNamesOf,
  productTextsOf,
  nameTranslationsOf,
} from '../catalog/catalog-translations';
import { orderCustomerId } from '../customers/customers.repository';
import { lowStockProducts } from '../stock';

/** An instant range [from, to). */
export interface Span {
  from: Date;
  to: Date;
}

/** One order that stands: when it was placed and what it brought in, in its currency. */
export interface StandingOrder {
  placedAt: Date;
  currency: string;
  amount: number;
}

function dashboardQueries(executor: Kysely<Database>) {
  /** Orders placed within the span; only those that stand unless `everyStatus`. */
  const ordersIn = ({ from, to }: Span, { everyStatus = false } = {}) => {
    const query = executor
      .selectFrom('orders')
      .where('orders.created_at', '>=', from.toISOString())
      .where('orders.created_at', '<', to.toISOString());
    return everyStatus ? query : query.where('orders.status', 'not in', fallenStatuses);
  };

  /** The lines of the span's standing orders, with their products as they are now. */
  const linesIn = (span: Span) =>
    ordersIn(span)
      .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
      .innerJoin('products', 'products.id', 'order_lines.product_id');

  return {
    /**
     * The span's orders that stand, each with its revenue: the total less what partial refunds
     * gave back. One short row per order; the service sorts them into the shop's days, whose
     * edges depend on the time zone in ways SQLite cannot compute.
     */
    async standingOrders(span: Span): Promise<StandingOrder[]> {
      const rows = await ordersIn(span)
        .select((eb) => [
          'orders.created_at',
          'orders.currency',
          eb('orders.total_cents', '-', eb.ref('orders.refunded_cents')).as('amount'),
        ])
        .execute();
      return rows.map((row) => ({
        placedAt: new Date(toIsoString(row.created_at)),
        currency: row.currency,
        amount: row.amount,
      }));
    },

    async ordersByStatus(span: Span): Promise<Dashboard['byStatus']> {
      const rows = await ordersIn(span, { everyStatus: true })
        .select((eb) => ['orders.status', eb.fn.countAll<number>().as('count')])
        .groupBy('orders.status')
        .execute();
      // In the lifecycle's order, as the badges and filters list them.
      return rows
        .map((row) => ({ status: row.status, count: row.count }))
        .sort((a, b) => orderStatuses.indexOf(a.status) - orderStatuses.indexOf(b.status));
    },

    async topProducts(span: Span, limit: number): Promise<Dashboard['topProducts']> {
      const rows = await linesIn(span)
        .select((eb) => [
          'products.id',
          'products.name',
          'orders.currency',
          eb.fn
            .sum<number>(eb('order_lines.unit_price_cents', '*', eb.ref('order_lines.quantity')))
            .as('revenue'),
          eb.fn.sum<number>('order_lines.quantity').as('quantity'),
        ])
        .groupBy(['products.id', 'products.name', 'orders.currency'])
        .orderBy('revenue', 'desc')
        .orderBy('products.id')
        .limit(limit)
        .execute();
      const texts = await productTextsOf(executor, { ids: rows.map((row) => row.id) });
      return rows.map((row) => ({
        productId: row.id,
        name: row.name,
        translations: nameTranslationsOf(texts.get(row.id)),
        currency: row.currency,
        revenue: row.revenue,
        quantity: row.quantity,
      }));
    },

    async topCategories(span: Span, limit: number): Promise<Dashboard['topCategories']> {
      const rows = await linesIn(span)
        .innerJoin('categories', 'categories.id', 'products.category_id')
        .select((eb) => [
          'categories.id',
          'categories.slug',
          'categories.name',
          'orders.currency',
          eb.fn
            .sum<number>(eb('order_lines.unit_price_cents', '*', eb.ref('order_lines.quantity')))
            .as('revenue'),
        ])
        .groupBy(['categories.id', 'categories.slug', 'categories.name', 'orders.currency'])
        .orderBy('revenue', 'desc')
        .orderBy('categories.id')
        .limit(limit)
        .execute();
      const names = await categoryNamesOf(
        executor,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({
        categoryId: row.id,
        slug: row.slug,
        name: row.name,
        translations: names.get(row.id) ?? {},
        currency: row.currency,
        revenue: row.revenue,
      }));
    },

    /**
     * Customers with an order that stands in the span: new when their first such order ever is
     * in it, else returning.
     */
    async customers({ from, to }: Span): Promise<Dashboard['customers']> {
      const rows = await executor
        .with('customer_orders', (db) =>
          db
            .selectFrom('orders')
            .select((eb) => [orderCustomerId(eb).as('customer_id'), 'orders.created_at'])
            .where('orders.status', 'not in', fallenStatuses)
            .where('orders.created_at', '<', to.toISOString()),
        )
        .selectFrom('customer_orders')
        .select((eb) => [
          eb.fn.min('created_at').as('first_order'),
          eb.fn.max('created_at').as('last_order'),
        ])
        .groupBy('customer_id')
        .having((eb) => eb.fn.max('created_at'), '>=', from.toISOString())
        .execute();
      const isNew = (first: string | Date) => new Date(toIsoString(first)) >= from;
      const fresh = rows.filter((row) => isNew(row.first_order)).length;
      return { new: fresh, returning: rows.length - fresh };
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

    lowStock: (limit: number): Promise<Dashboard['lowStock']> => lowStockProducts(executor, limit),
  };
}

export function createDashboardRepository(db: Db) {
  return defineRepository(db, dashboardQueries);
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
