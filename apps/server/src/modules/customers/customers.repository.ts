import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { AdminOrderSummary } from '@souq/contracts/admin-orders';
import { fallenStatuses } from '@souq/contracts/order-lifecycle';
import { ADMIN_LIST_PAGE_SIZE, type AdminCustomerSummary } from '@souq/contracts/admin-marketing';
import type { Db } from '../../db/connection';
import { toIsoString } from '../../db/dialect';
import { containsText } from '../../db/like';
import { defineRepository } from '../../db/repository';
import type { Database } from '../../db/schema';

/** Subscribers read at a time for the CSV, so a long list never sits in memory whole. */
const SUBSCRIBER_CHUNK = 1000;

/** An email as customers are grouped by it: trimmed, any case. */
const emailKey = (column: string) => sql<string>`lower(trim(${sql.ref(column)}))`;

/** The id of a guest buyer's customer page: `guest:` and the grouped email. */
const GUEST_PREFIX = 'guest:';

/**
 * The customer an order belongs to: its account, else the account under its email (so guest
 * orders placed before signing up count for the account), else a guest by email. The dashboard
 * counts new and returning customers by it too.
 */
export function orderCustomerId(eb: ExpressionBuilder<Database, 'orders'>) {
  return sql<string>`coalesce(${eb.ref('orders.user_id')}, (${eb
    .selectFrom('users')
    .select('users.id')
    // Accounts' emails are stored lower case, so the unique index on them is used.
    .where('users.email', '=', emailKey('orders.email'))
    .limit(1)}), ${GUEST_PREFIX} || ${emailKey('orders.email')})`;
}

/**
 * The back office's reads of customers (shop accounts and guest buyers grouped by email), their
 * orders and the newsletter's subscribers.
 */
function customersQueries(trx: Kysely<Database>) {
  /** Each order with the customer it belongs to (`orderCustomerId`). */
  function withOrderCustomers() {
    return trx.with('order_customers', (db) =>
      db
        .selectFrom('orders')
        .select((eb) => [
          'orders.id',
          'orders.status',
          'orders.total_cents',
          'orders.created_at',
          'orders.customer_name',
          emailKey('orders.email').as('email_key'),
          orderCustomerId(eb).as('customer_id'),
        ]),
    );
  }

  /** Accounts and guest buyers, each with order count, total spent and last order. */
  function selectCustomers() {
    return withOrderCustomers()
      .with('order_stats', (db) =>
        db
          .selectFrom('order_customers')
          .select((eb) => [
            'customer_id',
            eb.fn.countAll().as('order_count'),
            // Only orders that still stand count as money spent, as on the dashboard.
            eb.fn
              .sum(
                eb
                  .case()
                  .when('status', 'not in', fallenStatuses)
                  .then(eb.ref('total_cents'))
                  .else(0)
                  .end(),
              )
              .as('total_spent'),
            eb.fn.max('created_at').as('last_order_at'),
            eb.fn.min('created_at').as('first_order_at'),
            eb.fn.max('customer_name').as('name'),
            eb.fn.max('email_key').as('email'),
          ])
          .groupBy('customer_id'),
      )
      .with('customers', (db) =>
        db
          .selectFrom('users')
          .leftJoin('order_stats', 'order_stats.customer_id', 'users.id')
          .select([
            'users.id',
            'users.name',
            'users.email',
            'users.created_at',
            sql<number>`0`.as('guest'),
            'order_stats.order_count',
            'order_stats.total_spent',
            'order_stats.last_order_at',
          ])
          .unionAll(
            db
              .selectFrom('order_stats')
              .select([
                'order_stats.customer_id as id',
                'order_stats.name',
                'order_stats.email',
                'order_stats.first_order_at as created_at',
                sql<number>`1`.as('guest'),
                'order_stats.order_count',
                'order_stats.total_spent',
                'order_stats.last_order_at',
              ])
              .where('order_stats.customer_id', 'like', `${GUEST_PREFIX}%`),
          ),
      )
      .selectFrom('customers')
      .selectAll('customers')
      .select((eb) =>
        eb
          .selectFrom('newsletter_subscribers')
          .select('newsletter_subscribers.created_at')
          .where(emailKey('newsletter_subscribers.email'), '=', emailKey('customers.email'))
          .limit(1)
          .as('subscribed_at'),
      );
  }
  type CustomerRow = Awaited<ReturnType<ReturnType<typeof selectCustomers>['execute']>>[number];
  const toSummary = (row: CustomerRow): AdminCustomerSummary => ({
    id: row.id,
    name: row.name,
    email: row.email,
    guest: row.guest === 1,
    createdAt: toIsoString(row.created_at),
    orderCount: Number(row.order_count ?? 0),
    totalSpent: Number(row.total_spent ?? 0),
    lastOrderAt: row.last_order_at ? toIsoString(row.last_order_at) : null,
    subscribed: row.subscribed_at !== null,
  });

  return {
    async listCustomers(query: {
      q?: string;
      page: number;
    }): Promise<{ items: AdminCustomerSummary[]; total: number }> {
      const q = query.q;
      const matching = selectCustomers().$call((select) =>
        q
          ? select.where((eb) =>
              eb.or([containsText('customers.name', q), containsText('customers.email', q)]),
            )
          : select,
      );
      const [{ total }, rows] = await Promise.all([
        trx
          .selectFrom(matching.as('matching'))
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow(),
        matching
          .orderBy('customers.created_at', 'desc')
          .orderBy('customers.id')
          .limit(ADMIN_LIST_PAGE_SIZE)
          .offset((query.page - 1) * ADMIN_LIST_PAGE_SIZE)
          .execute(),
      ]);
      return { total, items: rows.map(toSummary) };
    },

    async findCustomer(
      id: string,
    ): Promise<(AdminCustomerSummary & { subscribedSince: string | null }) | undefined> {
      const row = await selectCustomers().where('customers.id', '=', id).executeTakeFirst();
      return (
        row && {
          ...toSummary(row),
          subscribedSince: row.subscribed_at ? toIsoString(row.subscribed_at) : null,
        }
      );
    },

    /** The customer's orders, newest first: as counted in the list. */
    async ordersOf(customerId: string): Promise<AdminOrderSummary[]> {
      const rows = await withOrderCustomers()
        .selectFrom('orders')
        .innerJoin('order_customers', 'order_customers.id', 'orders.id')
        .select([
          'orders.id',
          'orders.number',
          'orders.status',
          'orders.created_at',
          'orders.email',
          'orders.customer_name',
          'orders.billing',
          'orders.payment_method',
          'orders.currency',
          'orders.total_cents',
        ])
        .select((eb) =>
          eb
            .selectFrom('order_lines')
            .select((l) => l.fn.coalesce(l.fn.sum<number>('quantity'), sql<number>`0`).as('n'))
            .whereRef('order_lines.order_id', '=', 'orders.id')
            .as('item_count'),
        )
        .where('order_customers.customer_id', '=', customerId)
        .orderBy('orders.id', 'desc')
        .limit(100)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        number: r.number,
        status: r.status,
        createdAt: toIsoString(r.created_at),
        email: r.email,
        customerName: r.customer_name,
        phone: (JSON.parse(r.billing) as { phone?: string }).phone ?? '',
        paymentMethod: r.payment_method,
        currency: r.currency,
        total: r.total_cents,
        itemCount: r.item_count ?? 0,
      }));
    },

    /** Every subscriber, oldest first, a chunk at a time. */
    async *subscribers(): AsyncGenerator<{ email: string; subscribedAt: string }> {
      let after = 0;
      for (;;) {
        const rows = await trx
          .selectFrom('newsletter_subscribers')
          .select(['id', 'email', 'created_at'])
          .where('id', '>', after)
          .orderBy('id')
          .limit(SUBSCRIBER_CHUNK)
          .execute();
        for (const row of rows)
          yield { email: row.email, subscribedAt: toIsoString(row.created_at) };
        const last = rows.at(-1);
        if (!last || rows.length < SUBSCRIBER_CHUNK) return;
        after = last.id;
      }
    },
  };
}

export function createCustomersRepository(db: Db) {
  return defineRepository(db, customersQueries);
}
export type CustomersRepository = ReturnType<typeof createCustomersRepository>;
