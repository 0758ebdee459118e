import type { ReactNode } from 'react';
import type { StatusTone } from '@souq/contracts/order-lifecycle';
import { isOrderStatus } from '@souq/contracts/orders';
import { statusToneClass, toneClass } from '../../../components/ui/status-tone';

/**
 * The tone of every state the back office shows besides an order's, whose tone the lifecycle
 * table gives: waiting for someone, accepted or on the way, done or live, closed, gone wrong.
 */
const stateTones: Record<string, StatusTone> = {
  // an order's mails
  queued: 'waiting',
  sent: 'done',
  failed: 'refunded',
  // coupons and flash sales
  active: 'done',
  running: 'done',
  scheduled: 'accepted',
  paused: 'waiting',
  expired: 'closed',
  ended: 'closed',
  used_up: 'refunded',
  // contact messages
  unread: 'waiting',
  read: 'closed',
  answered: 'done',
  // products
  in_stock: 'done',
  low: 'waiting',
  out: 'closed',
  published: 'accepted',
  unpublished: 'closed',
  on_sale: 'refunded',
  // reviews (published as a product's)
  pending: 'waiting',
  hidden: 'closed',
};

/** A state as a coloured word: an order's status, a coupon's, sale's or message's state, … */
export function StatusBadge({ state, children }: { state: string; children: ReactNode }) {
  const colours = isOrderStatus(state)
    ? statusToneClass(state)
    : toneClass(stateTones[state] ?? 'closed');
  return (
    <span
      className={`inline-block whitespace-nowrap rounded px-2 py-1 text-xs font-medium ${colours}`}
    >
      {children}
    </span>
  );
}
