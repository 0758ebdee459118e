import { sql, type Kysely, type Updateable } from 'kysely';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  type AdminOrder,
  type AdminOrderListQuery,
  type AdminOrderSummary,
} from '@souq/contracts/admin-orders';
import type { DatabaseDialect } from '@souq/contracts/health';
import type { CreditReason } from '@souq/contracts/invoices';
import { orderStatusSchema, type OrderStatus } from '@souq/contracts/orders';
import type { Db } from '../../db/connection';
import { toIsoString } from '../../db/dialect';
import { defineRepository } from '../../db/repository';
import type { Database, OrderTable } from '../../db/schema';
import { auditWriter } from '../audit/audit.repository';
import { listOrderMails, requeueOrderMail } from '../mail/outbox.queries';
import { ordersQueries, readOrders } from './orders.repository';

type Trx = Kysely<Database>;

export interface NewRefund {
  orderId: number;
  amount: number;
  /** The VAT inside `amount`: the lines' tax shares and shipping's (decision 023). */
  tax: number;
  shipping: number;
  /** `refund` when staff give money back; a cancelled or refused order's credit otherwise. */
  reason: CreditReason;
  note: string | null;
  at: string;
  lines: {
    orderLineId: number;
    quantity: number;
    amount: number;
    tax: number;
    restocked: boolean;
  }[];
}

/** Per order line: how many units have been refunded, and how many of those went back to stock. */
export interface RefundedLine {
  quantity: number;
  restocked: number;
  amount: number;
}

/** `%text%` for LIKE, with the text's own wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The day after an ISO date, for an inclusive "to" day. */
function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

/** The back office's SQL for orders: the list, row locks, transitions and refunds. */
export function adminOrdersQueries(trx: Trx, dialect: DatabaseDialect) {
  async function readOrder(orderId: number, forUpdate: boolean) {
    const select = trx.selectFrom('orders').selectAll().where('id', '=', orderId);
    const row = await (forUpdate ? select.forUpdate() : select).executeTakeFirst();
    if (!row) return undefined;
    const [order] = await readOrders(trx, [row]);
    return order && { row, order };
  }

  return {
    ...ordersQueries(trx),
    /** Staff changes are logged in the transaction that makes them (modules/audit). */
    audit: auditWriter(trx),
    listOrderMails: (orderId: number) => listOrderMails(trx, orderId),
    requeueOrderMail: (orderId: number, mailId: number, at: string) =>
      requeueOrderMail(trx, orderId, mailId, at),

    async listAdminOrders(
      query: AdminOrderListQuery,
    ): Promise<{ items: AdminOrderSummary[]; total: number }> {
      let orders = trx.selectFrom('orders');
      const q = query.q?.trim();
      if (q) {
        const digits = q.replace(/\D/g, '');
        const like = containing(q.toLowerCase());
        orders = orders.where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['number']), 'like', like),
            eb(eb.fn('lower', ['email']), 'like', like),
            eb(eb.fn('lower', ['customer_name']), 'like', like),
            // A phone is searched by its digits, however it was typed; short digit runs would match too much.
            ...(digits.length >= 4 ? [eb('phone_digits', 'like', containing(digits))] : []),
          ]),
        );
      }
      if (query.status) orders = orders.where('status', '=', query.status);
      if (query.paymentMethod) orders = orders.where('payment_method', '=', query.paymentMethod);
      if (query.from) orders = orders.where('created_at', '>=', `${query.from}T00:00:00.000Z`);
      if (query.to) orders = orders.where('created_at', '<', dayAfter(query.to));

      const page = query.page ?? 1;
      const [{ total }, rows] = await Promise.all([
        orders.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        orders
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
          .orderBy('id', 'desc')
          .limit(ADMIN_ORDERS_PAGE_SIZE)
          .offset((page - 1) * ADMIN_ORDERS_PAGE_SIZE)
          .execute(),
      ]);
      return {
        total,
        items: rows.map((r) => ({
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
        })),
      };
    },

    /**
     * Reads an order to change it. On PostgreSQL the row stays locked until the transaction ends,
     * so two staff acting on one order take turns and the second sees what the first did; on
     * SQLite the write transaction (BEGIN IMMEDIATE) already holds the whole database.
     */
    lockOrder: (orderId: number) => readOrder(orderId, dialect === 'postgres'),

    /** Reads an order with its row, to show it. */
    findOrderWithRow: (orderId: number) => readOrder(orderId, false),

    /** Moves the order on only from the status it was read in; false if it moved meanwhile. */
    async updateOrder(
      orderId: number,
      from: OrderStatus,
      values: Updateable<OrderTable>,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('orders')
        .set(values)
        .where('id', '=', orderId)
        .where('status', '=', from)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** The staff actions on an order, oldest first, from the audit log. */
    async orderHistory(orderId: number): Promise<AdminOrder['history']> {
      const rows = await trx
        .selectFrom('audit_log')
        .select(['at', 'actor_email', 'action', 'before_json', 'after_json'])
        .where('entity_type', '=', 'order')
        .where('entity_id', '=', String(orderId))
        .orderBy('id')
        .execute();
      const statusIn = (json: string | null): OrderStatus | null => {
        const parsed = orderStatusSchema.safeParse(
          json === null ? undefined : (JSON.parse(json) as { status?: unknown }).status,
        );
        return parsed.success ? parsed.data : null;
      };
      return rows.map((r) => ({
        at: toIsoString(r.at),
        actorEmail: r.actor_email,
        action: r.action,
        from: statusIn(r.before_json),
        to: statusIn(r.after_json),
      }));
    },

    async refundedLines(orderId: number): Promise<Map<number, RefundedLine>> {
      const rows = await trx
        .selectFrom('refund_lines')
        .innerJoin('refunds', 'refunds.id', 'refund_lines.refund_id')
        .select([
          'refund_lines.order_line_id as lineId',
          'refund_lines.quantity',
          'refund_lines.amount_cents',
          'refund_lines.restocked',
        ])
        .where('refunds.order_id', '=', orderId)
        .execute();
      const byLine = new Map<number, RefundedLine>();
      for (const r of rows) {
        const line = byLine.get(r.lineId) ?? { quantity: 0, restocked: 0, amount: 0 };
        line.quantity += r.quantity;
        line.amount += r.amount_cents;
        if (r.restocked) line.restocked += r.quantity;
        byLine.set(r.lineId, line);
      }
      return byLine;
    },

    async refundedShipping(orderId: number): Promise<number> {
      const row = await trx
        .selectFrom('refunds')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('shipping_cents'), sql<number>`0`).as('n'))
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
      return row.n;
    },

    /** Writes the refund and its lines; answers the refund's id. */
    async insertRefund(refund: NewRefund): Promise<number> {
      const { id } = await trx
        .insertInto('refunds')
        .values({
          order_id: refund.orderId,
          amount_cents: refund.amount,
          tax_cents: refund.tax,
          shipping_cents: refund.shipping,
          reason: refund.reason,
          note: refund.note,
          created_at: refund.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (refund.lines.length === 0) return id;
      await trx
        .insertInto('refund_lines')
        .values(
          refund.lines.map((l) => ({
            refund_id: id,
            order_line_id: l.orderLineId,
            quantity: l.quantity,
            amount_cents: l.amount,
            tax_cents: l.tax,
            restocked: dialect === 'postgres' ? l.restocked : Number(l.restocked),
          })),
        )
        .execute();
      return id;
    },
  };
}

export function createAdminOrdersRepository(db: Db) {
  return defineRepository(db, (trx) => adminOrdersQueries(trx, db.dialect));
}
export type AdminOrdersQueries = ReturnType<typeof adminOrdersQueries>;
export type AdminOrdersRepository = ReturnType<typeof createAdminOrdersRepository>;
