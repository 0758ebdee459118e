import type { Kysely, Selectable, Updateable } from 'kysely';
import type { PaymentAttempt, PaymentRefund, PaymentStatus } from '@souq/contracts/payments';
import type { Db } from '../../db/connection';
import { toIsoString } from '../../db/dialect';
import { defineRepository } from '../../db/repository';
import type { Database, PaymentRefundTable, PaymentTable } from '../../db/schema';
import { adminOrdersQueries } from '../orders/admin-orders.repository';

type Trx = Kysely<Database>;
export type PaymentRow = Selectable<PaymentTable>;
type PaymentRefundRow = Selectable<PaymentRefundTable>;

export interface NewPayment {
  orderId: number;
  token: string;
  provider: string;
  amount: number;
  currency: string;
  at: string;
}

/** SQL of payment attempts and provider events, with the orders' queries they move orders by. */
export function paymentsQueries(trx: Trx, dialect: Db['dialect']) {
  const orders = adminOrdersQueries(trx, dialect);
  return {
    ...orders,

    /**
     * The order to change, with its hold, locked as staff actions lock it (decision 013), so a
     * webhook, the sweep and staff on two app servers take turns.
     */
    async lockOrder(orderId: number) {
      const found = await orders.lockOrder(orderId);
      if (!found) return undefined;
      const holdUntil = found.row.hold_until;
      return { order: found.order, holdUntil: holdUntil === null ? null : toIsoString(holdUntil) };
    },

    async setRefundDue(id: number, due: boolean): Promise<void> {
      await trx
        .updateTable('payments')
        .set({ refund_due: dialect === 'postgres' ? due : Number(due) })
        .where('id', '=', id)
        .execute();
    },

    async insertPayment(payment: NewPayment): Promise<number> {
      const { id } = await trx
        .insertInto('payments')
        .values({
          order_id: payment.orderId,
          token: payment.token,
          provider: payment.provider,
          amount_cents: payment.amount,
          currency: payment.currency,
          status: 'pending',
          created_at: payment.at,
          updated_at: payment.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /**
     * Changes an attempt only from one of the statuses it is expected in, so each ending is
     * written once however many events and sweeps race for it; false if it had moved.
     */
    async movePayment(
      id: number,
      from: readonly PaymentStatus[],
      values: Updateable<PaymentTable>,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('payments')
        .set(values)
        .where('id', '=', id)
        .where('status', 'in', [...from])
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async findPayment(
      where: { token: string } | { id: number } | { provider: string; reference: string },
    ): Promise<PaymentRow | undefined> {
      let query = trx.selectFrom('payments').selectAll();
      if ('token' in where) query = query.where('token', '=', where.token);
      else if ('id' in where) query = query.where('id', '=', where.id);
      else
        query = query
          .where('provider', '=', where.provider)
          .where('reference', '=', where.reference);
      return query.executeTakeFirst();
    },

    async paymentsOfOrder(orderId: number): Promise<PaymentRow[]> {
      return trx
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute();
    },

    /** Stores a provider's event; false when it was stored before (a repeat: apply nothing). */
    async storeProviderEvent(event: {
      provider: string;
      eventId: string;
      paymentId: number | null;
      type: string;
      at: string;
    }): Promise<boolean> {
      const inserted = await trx
        .insertInto('payment_events')
        .values({
          provider: event.provider,
          event_id: event.eventId,
          payment_id: event.paymentId,
          type: event.type,
          received_at: event.at,
        })
        .onConflict((c) => c.columns(['provider', 'event_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** A refund the provider accepted, under its id of it. */
    async insertRefund(refund: {
      paymentId: number;
      reference: string;
      amount: number;
      at: string;
    }): Promise<void> {
      await trx
        .insertInto('payment_refunds')
        .values({
          payment_id: refund.paymentId,
          provider_reference: refund.reference,
          amount_cents: refund.amount,
          status: 'sent',
          created_at: refund.at,
          updated_at: refund.at,
        })
        .execute();
    },

    async findRefund(
      where: { provider: string; reference: string } | { id: number },
    ): Promise<(PaymentRefundRow & { provider: string; order_id: number }) | undefined> {
      let query = trx
        .selectFrom('payment_refunds')
        .innerJoin('payments', 'payments.id', 'payment_refunds.payment_id')
        .selectAll('payment_refunds')
        .select(['payments.provider', 'payments.order_id']);
      query =
        'id' in where
          ? query.where('payment_refunds.id', '=', where.id)
          : query
              .where('payments.provider', '=', where.provider)
              .where('payment_refunds.provider_reference', '=', where.reference);
      return query.executeTakeFirst();
    },

    /** Changes a refund only from the status it is expected in; false if it had moved. */
    async moveRefund(
      id: number,
      from: PaymentRefund['status'],
      values: Updateable<PaymentRefundTable>,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('payment_refunds')
        .set(values)
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Orders whose hold has run out while still awaiting payment, oldest first. */
    async expiredHolds(now: string, limit: number): Promise<number[]> {
      const rows = await trx
        .selectFrom('orders')
        .select('id')
        .where('status', '=', 'awaiting_payment')
        .where('hold_until', '<=', now)
        .orderBy('hold_until')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /** Attempts paid that must go back whole, and have not yet. */
    async refundsDue(limit: number): Promise<PaymentRow[]> {
      return trx
        .selectFrom('payments')
        .selectAll()
        .where('status', '=', 'paid')
        .where('refund_due', '=', dialect === 'postgres' ? true : 1)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** An order's attempts with their events, for the back office. */
    async attemptsOfOrder(orderId: number): Promise<PaymentAttempt[]> {
      const payments = await trx
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute();
      if (payments.length === 0) return [];
      const ids = payments.map((p) => p.id);
      const events = await trx
        .selectFrom('payment_events')
        .selectAll()
        .where('payment_id', 'in', ids)
        .orderBy('id')
        .execute();
      const refunds = await trx
        .selectFrom('payment_refunds')
        .selectAll()
        .where('payment_id', 'in', ids)
        .orderBy('id')
        .execute();
      return payments.map((p) => ({
        id: p.id,
        provider: p.provider,
        reference: p.reference,
        amount: p.amount_cents,
        refunded: p.refunded_cents,
        currency: p.currency,
        status: p.status,
        createdAt: toIsoString(p.created_at),
        events: events
          .filter((e) => e.payment_id === p.id)
          .map((e) => ({
            eventId: e.event_id,
            type: e.type,
            receivedAt: toIsoString(e.received_at),
          })),
        refunds: refunds
          .filter((r) => r.payment_id === p.id)
          .map((r) => ({
            id: r.id,
            amount: r.amount_cents,
            status: r.status,
            reason: r.reason,
            reference: r.provider_reference,
            createdAt: toIsoString(r.created_at),
          })),
      }));
    },
  };
}

export function createPaymentsRepository(db: Db) {
  return defineRepository(db, (trx) => paymentsQueries(trx, db.dialect));
}
export type PaymentsQueries = ReturnType<typeof paymentsQueries>;
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
