import { statusTone, type StatusTone } from '@souq/contracts/order-lifecycle';
import type { OrderStatus } from '@souq/contracts/orders';

/** Each badge tone's colours (dark text on a light ground, readable at the badges' small size). */
const toneClasses: Record<StatusTone, string> = {
  waiting: 'bg-amber-100 text-amber-900',
  accepted: 'bg-sky-100 text-sky-900',
  on_the_way: 'bg-indigo-100 text-indigo-900',
  done: 'bg-emerald-100 text-emerald-900',
  closed: 'bg-neutral-200 text-neutral-800',
  refunded: 'bg-rose-100 text-rose-900',
};

/** A tone's colours, for badges of states other than an order's. */
export function toneClass(tone: StatusTone): string {
  return toneClasses[tone];
}

/** An order status badge's colours, from the lifecycle table's tone: the same in shop and back office. */
export function statusToneClass(status: OrderStatus): string {
  return toneClasses[statusTone(status)];
}
