import type { ReactNode } from 'react';

const amber = 'bg-amber-100 text-amber-900';
const sky = 'bg-sky-100 text-sky-900';
const indigo = 'bg-indigo-100 text-indigo-900';
const green = 'bg-emerald-100 text-emerald-900';
const grey = 'bg-neutral-200 text-neutral-800';
const rose = 'bg-rose-100 text-rose-900';

/**
 * The colour of every state the back office shows, in one place: amber waits for someone, sky
 * and indigo are under way, green is done or live, grey is over, rose went wrong or ran out.
 */
const stateColours: Record<string, string> = {
  // orders
  pending: amber,
  confirmed: sky,
  shipped: indigo,
  delivered: green,
  cancelled: grey,
  delivery_refused: grey,
  refunded: rose,
  // an order's mails
  queued: amber,
  sent: green,
  failed: rose,
  // coupons and flash sales
  active: green,
  running: green,
  scheduled: sky,
  paused: amber,
  expired: grey,
  ended: grey,
  used_up: rose,
  // contact messages
  unread: amber,
  read: grey,
  answered: green,
  // products
  in_stock: green,
  low: amber,
  out: grey,
  published: sky,
  unpublished: grey,
  on_sale: rose,
};

/** A state as a coloured word: an order's status, a coupon's, sale's or message's state, … */
export function StatusBadge({ state, children }: { state: string; children: ReactNode }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded px-2 py-1 text-xs font-medium ${stateColours[state] ?? grey}`}
    >
      {children}
    </span>
  );
}
