import { sql, type Kysely } from 'kysely';
import type { AdminOrderSummary } from '@souq/contracts/admin-orders';
import { ADMIN_LIST_PAGE_SIZE, type AdminCustomerSummary } from '@souq/contracts/admin-marketing';
import type { Db } from '../../db/connection';
import { toIsoString } from '../../db/dialect';
import { containsText } from '../../db/like';
import { defineRepository } from '../../db/repository';
import type { Database } from '../../db/schema';

/** Subscribers read at a time for the CSV, so a long list never sits in memory whole. */
const SUBSCRIBER_CHUNK = 1000;

/** The back office's reads of shop accounts, their orders and the newsletter's subscribers. */
function customersQueries(trx: Kysely<Database>) {
  /** Users with their order count, last order and newsletter state. */
  function selectCustomers() {
    return trx
      .selectFrom('users')
      .select(['users.id', 'users.name', 'users.email', 'users.created_at'])
      .select((eb) => [
        eb
          .selectFrom('orders')
          .select((o) => o.fn.countAll<number>().as('n'))
          .where((o) =>
            o.or([
              o('orders.user_id', '=', o.ref('users.id')),
              o('orders.email', '=', o.ref('users.email')),
            ]),
          )
          .as('order_count'),
        eb
          .selectFrom('orders')
          .select((o) => o.fn.max('orders.created_at').as('at'))
          .where((o) =>
            o.or([
              o('orders.user_id', '=', o.ref('users.id')),
              o('orders.email', '=', o.ref('users.email')),
            ]),
          )
          .as('last_order_at'),
        eb
          .selectFrom('newsletter_subscribers')
          .select('newsletter_subscribers.created_at')
          .whereRef('newsletter_subscribers.email', '=', 'users.email')
          .as('subscribed_at'),
      ]);
  }
  type CustomerRow = Awaited<ReturnType<ReturnType<typeof selectCustomers>['execute']>>[number];
  const toSummary = (row: CustomerRow): AdminCustomerSummary => ({
    id: row.id,
    name: row.name,
    email: row.email,
    createdAt: toIsoString(row.created_at),
    orderCount: row.order_count ?? 0,
    lastOrderAt: row.last_order_at ? toIsoString(row.last_order_at) : null,
    subscribed: row.subscribed_at !== null,
  });

  return {
    async listCustomers(query: {
      q?: string;
      page: number;
    }): Promise<{ items: AdminCustomerSummary[]; total: number }> {
      let users = trx.selectFrom('users');
      const q = query.q;
      if (q)
        users = users.where((eb) =>
          eb.or([containsText('users.name', q), containsText('users.email', q)]),
        );
      const [{ total }, rows] = await Promise.all([
        users.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        selectCustomers()
          .$call((select) =>
            q
              ? select.where((eb) =>
                  eb.or([containsText('users.name', q), containsText('users.email', q)]),
                )
              : select,
          )
          .orderBy('users.created_at', 'desc')
          .orderBy('users.id')
          .limit(ADMIN_LIST_PAGE_SIZE)
          .offset((query.page - 1) * ADMIN_LIST_PAGE_SIZE)
          .execute(),
      ]);
      return { total, items: rows.map(toSummary) };
    },

    async findCustomer(
      id: string,
    ): Promise<(AdminCustomerSummary & { subscribedSince: string | null }) | undefined> {
      const row = await selectCustomers().where('users.id', '=', id).executeTakeFirst();
      return (
        row && {
          ...toSummary(row),
          subscribedSince: row.subscribed_at ? toIsoString(row.subscribed_at) : null,
        }
      );
    },

    /** Orders placed by the account and guest orders under its email, newest first. */
    async ordersOf(userId: string, email: string): Promise<AdminOrderSummary[]> {
      const rows = await trx
        .selectFrom('orders')
        .select([
          'id',
          'number',
          'status',
          'created_at',
          'email',
          'customer_name',
          'billing',
          'payment_method',
          'currency',
          'total_cents',
        ])
        .select((eb) =>
          eb
            .selectFrom('order_lines')
            .select((l) => l.fn.coalesce(l.fn.sum<number>('quantity'), sql<number>`0`).as('n'))
            .whereRef('order_lines.order_id', '=', 'orders.id')
            .as('item_count'),
        )
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('email', '=', email)]))
        .orderBy('id', 'desc')
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
