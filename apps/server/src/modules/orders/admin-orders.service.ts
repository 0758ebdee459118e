import { createHash } from 'node:crypto';
import {
  type AdminOrder,
  type AdminOrderList,
  type AdminOrderListQuery,
  ADMIN_ORDERS_PAGE_SIZE,
  type OrderAction,
  type OrderActionName,
  type OutboxMail,
} from '@souq/contracts/admin-orders';
import { trackingLink, type Carrier } from '@souq/contracts/carriers';
import { orderActionNames, orderLifecycle } from '@souq/contracts/order-lifecycle';
import type { Order, OrderStatus } from '@souq/contracts/orders';
import type { PaymentAttempt } from '@souq/contracts/payments';
import { isAuditAction, roleMay, type StaffRole } from '@souq/contracts/staff';
import { AppError, NotFoundError } from '../../http/errors';
import type { CurrentStaff } from '../staff/staff-guard';
import type {
  AdminOrdersQueries,
  AdminOrdersRepository,
  RefundedLine,
} from './admin-orders.repository';
import { queueShopperMail, type OrderMailSettings } from './order-mails';
import type { OrderPayments } from './order-payments';
import { lineRefundAmount, paidForShipping, paidPerLine } from './refund-rules';

/** The staff member acting, as the permission guard found them. */
export type StaffActor = Pick<CurrentStaff, 'id' | 'email' | 'role'>;

/** Whoever changes an order, as its timeline, ledger and audit log name them: staff or its buyer. */
type OrderActor = Pick<StaffActor, 'id' | 'email'>;

export interface AdminOrdersServiceDependencies {
  repository: AdminOrdersRepository;
  mail: OrderMailSettings;
  /** The carrier an order ships with, by id; 400 when the shop has none of that id. */
  carrierFor: (id: number) => Promise<Carrier>;
  payments: Pick<OrderPayments, 'settlesWith' | 'isOnline' | 'refundOrder'> & {
    attemptsOfOrder(orderId: number): Promise<PaymentAttempt[]>;
  };
  clock?: () => Date;
}

/** The actor of a refund worked out and rolled back, never written. */
const SYSTEM_PLANNER: StaffActor = { id: '', email: '', role: 'owner' };

/** Whether the lifecycle table lets `action` start from `status`. */
const startsFrom = (action: OrderActionName, status: OrderStatus) =>
  (orderLifecycle[action].from as readonly OrderStatus[]).includes(status);

/** The actions after which the sale did not happen: the money left goes back, the invoice is credited. */
const endsUnsold = (action: OrderActionName): action is 'cancel' | 'refuse_delivery' =>
  action === 'cancel' || action === 'refuse_delivery';

/** A refund's scope in the idempotency keys: per order, so keys of different orders never meet. */
const refundKeyScope = (orderId: number) => `refund:${orderId}`;

/** What the audit log keeps of an order before and after a change. */
function auditView(order: Order) {
  return {
    number: order.number,
    currency: order.currency,
    status: order.status,
    refundedTotal: order.refundedTotal,
    ...(order.shipment
      ? { carrier: order.shipment.carrier, trackingNumber: order.shipment.trackingNumber }
      : {}),
  };
}

function invalidTransition(action: OrderActionName, status: OrderStatus): AppError {
  return new AppError(
    409,
    'invalid_transition',
    `An order that is ${status.replace('_', ' ')} cannot be given the action "${action}".`,
  );
}

const notCancellable = () =>
  new AppError(409, 'not_cancellable', 'Only a pending order can be cancelled.');

/** The actions a role may take on an order in its present state. */
export function allowedActions(
  role: StaffRole,
  order: Pick<Order, 'status' | 'total' | 'refundedTotal'>,
): AdminOrder['allowedActions'] {
  return orderActionNames.filter(
    (action) =>
      roleMay(role, orderLifecycle[action].permission) &&
      startsFrom(action, order.status) &&
      (action !== 'refund' || order.refundedTotal < order.total),
  );
}

export function createAdminOrdersService({
  repository,
  mail,
  carrierFor,
  payments,
  clock: now = () => new Date(),
}: AdminOrdersServiceDependencies) {
  /** Whether the order's money was taken online, so giving it back goes through the provider. */
  const paidOnline = (order: Order, row: { payment_status: AdminOrder['payment']['status'] }) =>
    payments.isOnline(order.paymentMethod) && row.payment_status === 'received';

  async function detail(
    tx: AdminOrdersQueries,
    actor: StaffActor,
    order: Order,
    row: {
      user_id: string | null;
      payment_status: AdminOrder['payment']['status'];
      payment_at: string | Date | null;
    },
  ): Promise<AdminOrder> {
    const refunded = await tx.refundedLines(order.id);
    return {
      ...order,
      customer: {
        userId: row.user_id,
        name: [order.billing.firstName, order.billing.lastName].filter(Boolean).join(' '),
        email: order.email,
        phone: order.billing.phone,
      },
      payment: {
        status: row.payment_status,
        at: row.payment_at === null ? null : new Date(row.payment_at).toISOString(),
        // Filled in after the transaction (withAttempts): SQLite's one connection is the
        // transaction's until it ends.
        attempts: [],
      },
      refundedQuantities: Object.fromEntries(
        order.lines.map((l) => [String(l.id), refunded.get(l.id)?.quantity ?? 0]),
      ),
      allowedActions: allowedActions(actor.role, order),
      mails: await tx.listOrderMails(order.id),
      history: await tx.orderHistory(order.id),
    };
  }

  async function readDetail(tx: AdminOrdersQueries, actor: StaffActor, orderId: number) {
    const found = await tx.findOrderWithRow(orderId);
    if (!found) throw new NotFoundError('No order with that id.');
    return detail(tx, actor, found.order, found.row);
  }

  /** The units of each line still with the shopper or on their way: not yet put back in stock. */
  function unitsOut(order: Order, refunded: Map<number, RefundedLine>) {
    return order.lines
      .map((l) => ({
        productId: l.productId,
        variantId: l.variant?.id ?? null,
        quantity: l.quantity - (refunded.get(l.id)?.restocked ?? 0),
      }))
      .filter((l) => l.quantity > 0);
  }

  /** Puts the order's units back to their variants, through the stock ledger. */
  async function returnStock(
    tx: AdminOrdersQueries,
    actor: OrderActor,
    order: Order,
    reason: 'cancel' | 'delivery_refused',
    at: string,
  ) {
    await tx.putBack(unitsOut(order, await tx.refundedLines(order.id)), {
      reason,
      orderId: order.id,
      actor: { userId: actor.id, email: actor.email },
      at,
    });
  }

  /** The order's own columns an action sets besides its status and payment. */
  function columnsFor(
    action: Exclude<OrderAction, { action: 'refund' }>,
    at: string,
    carrier: Carrier | null,
  ) {
    switch (action.action) {
      case 'ship':
        if (!carrier) throw new Error('A parcel ships with a carrier');
        // The carrier's name and link as they are now: changing the carrier later leaves them.
        return {
          carrier: carrier.name,
          tracking_number: action.trackingNumber,
          tracking_url: trackingLink(carrier.trackingUrl, action.trackingNumber),
          shipped_at: at,
        };
      case 'cancel':
        return { cancelled_at: at };
      default:
        return {};
    }
  }

  /** The credit for `quantity` more units of a line, `before` of them credited already. */
  function lineCredit(
    line: Order['lines'][number],
    paid: Map<number, number>,
    before: number,
    quantity: number,
    restocked: boolean,
  ) {
    return {
      orderLineId: line.id,
      productId: line.productId,
      variantId: line.variant?.id ?? null,
      quantity,
      restocked,
      amount: lineRefundAmount(paid.get(line.id) ?? 0, line.quantity, before, quantity),
      tax: lineRefundAmount(line.tax, line.quantity, before, quantity),
    };
  }

  /**
   * An invoiced order whose sale did not happen (cancelled, refused at the door) is credited
   * whole: one credit note for every unit and the shipping not credited yet, whether or not money
   * was paid (decision 024). The action has put the units back in stock already.
   */
  async function creditTheRest(
    tx: AdminOrdersQueries,
    order: Order,
    reason: 'cancelled' | 'delivery_refused',
    at: string,
  ) {
    if (order.invoiceNumber === null) return;
    const refunded = await tx.refundedLines(order.id);
    const paid = paidPerLine(order);
    const lines = order.lines.flatMap((line) => {
      const before = refunded.get(line.id)?.quantity ?? 0;
      return before < line.quantity
        ? [lineCredit(line, paid, before, line.quantity - before, true)]
        : [];
    });
    const shipping = Math.max(0, paidForShipping(order) - (await tx.refundedShipping(order.id)));
    if (lines.length === 0 && shipping === 0) return;
    const refundId = await tx.insertRefund({
      orderId: order.id,
      amount: lines.reduce((sum, l) => sum + l.amount, shipping),
      tax: lines.reduce((sum, l) => sum + l.tax, shipping > 0 ? order.shippingTax : 0),
      shipping,
      reason,
      note: null,
      at,
      lines,
    });
    await tx.taxDocuments.issueCreditNote(refundId);
  }

  /** Every action but refund, as the lifecycle table describes it. */
  async function transition(
    tx: AdminOrdersQueries,
    actor: OrderActor,
    order: Order,
    action: Exclude<OrderAction, { action: 'refund' }>,
    carrier: Carrier | null,
    /** What the provider has just given back of an online payment (a cancel of a paid order). */
    refundedOnline = 0,
  ) {
    const at = now().toISOString();
    const step = orderLifecycle[action.action];
    const payment =
      payments.settlesWith(order.paymentMethod) === action.action ? step.payment : null;
    const note = 'note' in action ? action.note : undefined;
    const moved = await tx.updateOrder(order.id, order.status, {
      status: step.to,
      ...columnsFor(action, at, carrier),
      ...(payment ? { payment_status: payment.status, payment_at: at } : {}),
      ...(refundedOnline > 0 ? { refunded_cents: order.refundedTotal + refundedOnline } : {}),
    });
    // The row is locked (or the database is), so it cannot have moved since it was read.
    if (!moved) throw new Error(`Order ${order.id} changed under its lock`);
    if (refundedOnline > 0) {
      await tx.insertEvent(order.id, { type: 'refunded', at, amount: refundedOnline });
    }
    await tx.insertEvent(order.id, {
      type: step.event,
      at,
      ...('note' in action ? { note: note ?? null } : {}),
    });
    if (payment) await tx.insertEvent(order.id, { type: payment.event, at });
    if (step.stockReturn) await returnStock(tx, actor, order, step.stockReturn, at);
    if (endsUnsold(action.action)) {
      await creditTheRest(
        tx,
        order,
        action.action === 'cancel' ? 'cancelled' : 'delivery_refused',
        at,
      );
    }
    if (step.releasesCoupon) await tx.releaseRedemption(order.id);
    const after = await tx.findOrderWithRow(order.id);
    if (!after) throw new Error(`Order ${order.id} is missing`);
    const auditAction = `order.${after.order.status}`;
    if (!isAuditAction(auditAction)) throw new Error(`${auditAction} is not an audit action`);
    await tx.audit.record({
      actor: { userId: actor.id, email: actor.email },
      action: auditAction,
      entityType: 'order',
      entityId: order.id,
      before: auditView(order),
      after: { ...auditView(after.order), ...(note ? { note } : {}) },
      at: new Date(at),
    });
    if (step.mail) await queueShopperMail(tx, mail, step.mail, after.order, at, { note });
    return after;
  }

  async function refund(
    tx: AdminOrdersQueries,
    actor: StaffActor,
    order: Order,
    action: Extract<OrderAction, { action: 'refund' }>,
  ) {
    const at = now().toISOString();
    const refunded = await tx.refundedLines(order.id);
    const paid = paidPerLine(order);
    const lines = new Map(order.lines.map((l) => [l.id, l]));
    const fields: Record<string, string> = {};
    const seen = new Set<number>();
    action.lines.forEach((requested, index) => {
      if (!lines.has(requested.lineId))
        fields[`lines.${index}.lineId`] = 'no such line in this order';
      else if (seen.has(requested.lineId))
        fields[`lines.${index}.lineId`] = 'this line is listed twice';
      seen.add(requested.lineId);
    });
    if (Object.keys(fields).length > 0)
      throw new AppError(400, 'invalid_request', 'Invalid body.', fields);

    const refundLines = action.lines.map((requested, index) => {
      const line = lines.get(requested.lineId);
      if (!line) throw new Error('checked above');
      const before = refunded.get(line.id)?.quantity ?? 0;
      const left = line.quantity - before;
      if (requested.quantity > left) fields[`lines.${index}.quantity`] = `${left} left to refund`;
      return lineCredit(line, paid, before, requested.quantity, requested.restock);
    });
    const shippingLeft = paidForShipping(order) - (await tx.refundedShipping(order.id));
    if (action.includeShipping && shippingLeft <= 0 && order.shipping > 0) {
      fields.includeShipping = 'the shipping has been refunded already';
    }
    if (Object.keys(fields).length > 0) {
      throw new AppError(
        409,
        'refund_exceeds_order',
        'That is more than is left to refund.',
        fields,
      );
    }
    const shipping = action.includeShipping ? Math.max(0, shippingLeft) : 0;
    const amount = refundLines.reduce((sum, l) => sum + l.amount, shipping);
    // Shipping is refunded whole, once, so its VAT goes back whole with it.
    const tax = refundLines.reduce((sum, l) => sum + l.tax, shipping > 0 ? order.shippingTax : 0);
    const refundedTotal = order.refundedTotal + amount;
    const refundId = await tx.insertRefund({
      orderId: order.id,
      amount,
      tax,
      shipping,
      reason: 'refund',
      note: action.note ?? null,
      at,
      lines: refundLines,
    });
    await tx.putBack(
      refundLines.filter((l) => l.restocked),
      {
        reason: orderLifecycle.refund.stockReturn,
        orderId: order.id,
        actor: { userId: actor.id, email: actor.email },
        at,
      },
    );
    // A refund of an invoiced order is a credit note pointing to its invoice (decision 024).
    if (order.invoiceNumber !== null) await tx.taxDocuments.issueCreditNote(refundId);
    const whole = refundedTotal >= order.total;
    if (
      !(await tx.updateOrder(order.id, order.status, {
        refunded_cents: refundedTotal,
        ...(whole ? { status: orderLifecycle.refund.to } : {}),
      }))
    ) {
      throw new Error(`Order ${order.id} changed under its lock`);
    }
    await tx.insertEvent(order.id, {
      type: orderLifecycle.refund.event,
      at,
      amount,
      note: action.note ?? null,
    });
    const after = await tx.findOrderWithRow(order.id);
    if (!after) throw new Error(`Order ${order.id} is missing`);
    await tx.audit.record({
      actor: { userId: actor.id, email: actor.email },
      action: 'order.refunded',
      entityType: 'order',
      entityId: order.id,
      before: auditView(order),
      after: {
        ...auditView(after.order),
        refund: {
          amount,
          shipping,
          lines: refundLines.map(({ orderLineId, quantity, amount: lineAmount, restocked }) => ({
            lineId: orderLineId,
            quantity,
            amount: lineAmount,
            restocked,
          })),
          ...(action.note ? { note: action.note } : {}),
        },
      },
      at: new Date(at),
    });
    await queueShopperMail(tx, mail, orderLifecycle.refund.mail, after.order, at, {
      refundAmount: amount,
      note: action.note,
    });
    return after;
  }

  /** The order's payment attempts at the providers, read after the action's transaction. */
  async function withAttempts(order: AdminOrder): Promise<AdminOrder> {
    const attempts = await payments.attemptsOfOrder(order.id);
    return { ...order, payment: { ...order.payment, attempts } };
  }

  /**
   * Before an online-paid order's refund or cancel changes anything, the money goes back through
   * the provider: the refund's amount is worked out by the same rules in a transaction that is
   * rolled back, then sent with the request's key (a retry refunds once at the provider too), so
   * the order changes only once the provider has accepted. Answers what was sent back.
   */
  async function sendOnlineRefund(
    orderId: number,
    action: OrderAction,
    idempotencyKey: string | undefined,
  ): Promise<number> {
    if (action.action !== 'refund' && !endsUnsold(action.action)) return 0;
    const found = await repository.findOrderWithRow(orderId);
    if (!found || !paidOnline(found.order, found.row)) return 0;
    const { order } = found;
    if (action.action !== 'refund') {
      if (!startsFrom(action.action, order.status)) return 0;
      // What is left goes back: a sale that did not happen keeps none of the money.
      const amount = order.total - order.refundedTotal;
      await payments.refundOrder(order, amount, `${action.action}-${order.id}`);
      return amount;
    }
    const key = idempotencyKey ?? '';
    if (await repository.findIdempotencyKey(refundKeyScope(orderId), key)) return 0;
    const amount = await planRefundAmount(order, action);
    await payments.refundOrder(order, amount, key);
    return amount;
  }

  /** The refund's amount by the refund rules, checked as the refund itself checks it. */
  async function planRefundAmount(
    order: Order,
    action: Extract<OrderAction, { action: 'refund' }>,
  ): Promise<number> {
    if (!startsFrom('refund', order.status)) throw invalidTransition('refund', order.status);
    class Planned extends Error {
      constructor(readonly amount: number) {
        super('planned');
      }
    }
    try {
      await repository.transaction(async (tx) => {
        const after = await refund(tx, SYSTEM_PLANNER, order, action);
        throw new Planned(after.order.refundedTotal - order.refundedTotal);
      });
    } catch (error) {
      if (error instanceof Planned) return error.amount;
      throw error;
    }
    throw new Error('a planned refund always ends in Planned');
  }

  return {
    async listOrders(query: AdminOrderListQuery): Promise<AdminOrderList> {
      const { items, total } = await repository.listAdminOrders(query);
      return { items, total, page: query.page ?? 1, pageSize: ADMIN_ORDERS_PAGE_SIZE };
    },

    async getOrder(actor: StaffActor, orderId: number): Promise<AdminOrder> {
      return withAttempts(await readDetail(repository, actor, orderId));
    },

    /**
     * One action on an order, in one transaction: the status checked and changed, the timeline,
     * stock, payment, audit entry and the shopper's mail written together. Repeating the action
     * the order has just had answers the order unchanged; a refund is repeated only by its key.
     */
    async act(
      actor: StaffActor,
      orderId: number,
      action: OrderAction,
      idempotencyKey: string | undefined,
    ): Promise<AdminOrder> {
      if (!roleMay(actor.role, orderLifecycle[action.action].permission)) {
        throw new AppError(403, 'forbidden', 'Your role may not do that.');
      }
      if (action.action === 'refund' && idempotencyKey === undefined) {
        throw new AppError(400, 'invalid_request', 'A refund needs an Idempotency-Key header.', {
          'idempotency-key': 'required for a refund',
        });
      }
      const carrier = action.action === 'ship' ? await carrierFor(action.carrierId) : null;
      const refundedOnline = await sendOnlineRefund(orderId, action, idempotencyKey);
      const acted = await repository.transaction(async (tx) => {
        const found = await tx.lockOrder(orderId);
        if (!found) throw new NotFoundError('No order with that id.');
        const { order } = found;

        if (action.action === 'refund') {
          const scope = refundKeyScope(orderId);
          const key = idempotencyKey ?? '';
          const hash = createHash('sha256').update(JSON.stringify(action)).digest('hex');
          if (!(await tx.insertIdempotencyKey(scope, key, hash, now().toISOString()))) {
            const earlier = await tx.findIdempotencyKey(scope, key);
            if (earlier?.requestHash !== hash) {
              throw new AppError(
                422,
                'idempotency_key_reused',
                'This Idempotency-Key was already used for a different refund.',
              );
            }
            return detail(tx, actor, order, found.row);
          }
          if (!startsFrom('refund', order.status)) {
            throw invalidTransition('refund', order.status);
          }
          const after = await refund(tx, actor, order, action);
          await tx.completeIdempotencyKey(scope, key, orderId);
          return detail(tx, actor, after.order, after.row);
        }

        // An order already where the action leads has just had it (a retry).
        if (order.status === orderLifecycle[action.action].to)
          return detail(tx, actor, order, found.row);
        if (!startsFrom(action.action, order.status)) {
          throw invalidTransition(action.action, order.status);
        }
        const after = await transition(tx, actor, order, action, carrier, refundedOnline);
        return detail(tx, actor, after.order, after.row);
      });
      return withAttempts(acted);
    },

    /**
     * A shopper cancels their own pending order (orders.service checks it is theirs): the staff
     * cancel's effects, money paid online sent back first and the invoice credited, with the
     * shopper named in the audit log. 409 `not_cancellable` once staff have moved it on.
     */
    async cancelPending(shopper: { id: string; email: string }, orderId: number): Promise<Order> {
      const cancel = { action: 'cancel' } as const;
      const current = await repository.findOrderWithRow(orderId);
      if (current?.order.status !== 'pending') throw notCancellable();
      const refundedOnline = await sendOnlineRefund(orderId, cancel, undefined);
      return repository.transaction(async (tx) => {
        const found = await tx.lockOrder(orderId);
        if (!found) throw new NotFoundError('No order with that id.');
        // Once its money is back, the order is cancelled even if staff confirmed it meanwhile.
        const may =
          found.order.status === 'pending' ||
          (refundedOnline > 0 && startsFrom('cancel', found.order.status));
        if (!may) throw notCancellable();
        return (await transition(tx, shopper, found.order, cancel, null, refundedOnline)).order;
      });
    },

    /** Queues one of an order's mails again. */
    async resendMail(orderId: number, mailId: number): Promise<OutboxMail> {
      return repository.transaction(async (tx) => {
        const mailCopy = await tx.requeueOrderMail(orderId, mailId, now().toISOString());
        if (!mailCopy) throw new NotFoundError('This order has no such mail.');
        return mailCopy;
      });
    },
  };
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
