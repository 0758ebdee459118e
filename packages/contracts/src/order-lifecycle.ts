import type { MailKind, OrderActionName } from './admin-orders';
import type { OrderEventType } from './orders';
import type { StaffPermission } from './staff';

/*
 * An order's life in one table (decision 013): the server's allowed actions and permission
 * checks, the dashboard's waiting buckets and the status badges' colours are all read from it.
 * Free of zod, so the web app's badges can use it without the schemas.
 */

/** How a status badge looks; components/ui/status-tone.ts gives each tone its colours. */
export type StatusTone = 'waiting' | 'accepted' | 'on_the_way' | 'done' | 'closed' | 'refunded';

/**
 * Each status: its badge tone, and whether an order in it still stands (counts as an order and
 * as revenue on the dashboard).
 */
const statuses = {
  /**
   * Placed with an online payment not yet made: its stock is held for PAYMENT_HOLD_MINUTES and it
   * is not revenue until paid (then pending), or it is cancelled when the hold ends unpaid.
   */
  awaiting_payment: { tone: 'waiting', stands: false },
  pending: { tone: 'waiting', stands: true },
  confirmed: { tone: 'accepted', stands: true },
  shipped: { tone: 'on_the_way', stands: true },
  delivered: { tone: 'done', stands: true },
  cancelled: { tone: 'closed', stands: false },
  /** A cash-on-delivery parcel refused at the door. */
  delivery_refused: { tone: 'closed', stands: false },
  /** Refunds cover the whole total; a partial refund keeps the status. */
  refunded: { tone: 'refunded', stands: false },
} as const satisfies Record<string, { tone: StatusTone; stands: boolean }>;

/**
 * An order's life: (awaiting_payment →) pending → confirmed → shipped → delivered. Cancelled from
 * awaiting_payment, pending or confirmed
 * (stock returns); delivery_refused when a cash-on-delivery parcel is refused at the door (stock
 * returns); refunded once refunds cover the whole total (a partial refund keeps the status).
 */
export const orderStatuses = Object.keys(statuses) as (keyof typeof statuses)[];
type OrderStatus = keyof typeof statuses;

/**
 * A payment recorded with an action, for orders whose payment provider settles with that action
 * (bank transfer at confirm, cash on delivery at delivery: modules/payments).
 */
interface PaymentRecorded {
  /** The order's payment status afterwards. */
  status: 'received' | 'collected';
  /** The timeline event written after the action's own. */
  event: OrderEventType;
}

interface LifecycleStep {
  /** The statuses the action may start from; from any other it is 409 `invalid_transition`. */
  from: readonly OrderStatus[];
  /** What the staff member's role must allow (staff.ts's matrix); else 403. */
  permission: StaffPermission;
  /** The status the order is in afterwards (for a refund: once refunds reach the total). */
  to: OrderStatus;
  /** The shopper's timeline event the action writes. */
  event: OrderEventType;
  /** The mail queued to the shopper, if any. */
  mail: MailKind | null;
  /**
   * Units put back through the stock ledger, with this reason: every unit still out for cancel
   * and a refused delivery, the refunded lines staff mark for restock for a refund.
   */
  stockReturn: 'cancel' | 'delivery_refused' | 'refund' | null;
  /** The payment recorded, or `refund`: money given back, computed by the server. */
  payment: PaymentRecorded | 'refund' | null;
  /** Whether the order's coupon use is given back, so the code can be used again. */
  releasesCoupon: boolean;
}

/** Every action staff take on an order, in the order the back office offers them. */
export const orderLifecycle = {
  confirm: {
    from: ['pending'],
    permission: 'orders.fulfil',
    to: 'confirmed',
    event: 'confirmed',
    mail: 'order_confirmed',
    stockReturn: null,
    payment: { status: 'received', event: 'payment_received' },
    releasesCoupon: false,
  },
  ship: {
    from: ['confirmed'],
    permission: 'orders.fulfil',
    to: 'shipped',
    event: 'shipped',
    mail: 'order_shipped',
    stockReturn: null,
    payment: null,
    releasesCoupon: false,
  },
  deliver: {
    from: ['shipped'],
    permission: 'orders.fulfil',
    to: 'delivered',
    event: 'delivered',
    mail: 'order_delivered',
    stockReturn: null,
    payment: { status: 'collected', event: 'cash_collected' },
    releasesCoupon: false,
  },
  refuse_delivery: {
    from: ['shipped'],
    permission: 'orders.fulfil',
    to: 'delivery_refused',
    event: 'delivery_refused',
    mail: null,
    stockReturn: 'delivery_refused',
    payment: null,
    releasesCoupon: false,
  },
  cancel: {
    from: ['pending', 'confirmed', 'awaiting_payment'],
    permission: 'orders.cancel',
    to: 'cancelled',
    event: 'cancelled',
    mail: 'order_cancelled',
    stockReturn: 'cancel',
    payment: null,
    releasesCoupon: true,
  },
  refund: {
    from: ['confirmed', 'shipped', 'delivered'],
    permission: 'orders.refund',
    to: 'refunded',
    event: 'refunded',
    mail: 'order_refunded',
    stockReturn: 'refund',
    payment: 'refund',
    releasesCoupon: false,
  },
} as const satisfies Record<OrderActionName, LifecycleStep>;

export const orderActionNames = Object.keys(orderLifecycle) as OrderActionName[];

/** The actions the table allows from `status`, whoever acts. */
export function actionsFrom(status: OrderStatus): OrderActionName[] {
  return orderActionNames.filter((action) =>
    (orderLifecycle[action].from as readonly OrderStatus[]).includes(status),
  );
}

/** The badge tone of a status. */
export function statusTone(status: OrderStatus): StatusTone {
  return statuses[status].tone;
}

/** Statuses of orders that no longer stand: they count neither as orders nor as revenue. */
export const fallenStatuses = orderStatuses.filter((status) => !statuses[status].stands);

/**
 * The dashboard's waiting buckets: orders waiting for staff to take this action. Each bucket's
 * statuses are the ones its action starts from.
 */
export const waitingBuckets = {
  toConfirm: 'confirm',
  toShip: 'ship',
  toDeliver: 'deliver',
} as const satisfies Record<string, OrderActionName>;
export type WaitingBucket = keyof typeof waitingBuckets;

export function bucketStatuses(bucket: WaitingBucket): readonly OrderStatus[] {
  return orderLifecycle[waitingBuckets[bucket]].from;
}
