import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order, OrderLine } from '@souq/contracts/orders';
import { OrderTotals } from './order-totals';
import { Money } from './price';
import { VariantLabel } from './variant-label';
import { localized } from '../../lib/localized';

/**
 * An order's lines as ordered, its totals as the server computed them and what has been refunded
 * of it: the same on the shopper's order page and in the back office.
 */
export function OrderLines({
  order,
  lineNote,
}: {
  order: Order;
  /** Said under a line's name and price (the back office: how much of it was refunded). */
  lineNote?: (line: OrderLine) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => <Money amount={amount} currency={order.currency} />;
  const heading = 'py-2 ps-4 text-end font-normal';
  return (
    <div className="flex flex-col gap-2">
      <table className="w-full">
        <thead>
          <tr className="border-b border-neutral-300 text-sm text-muted">
            <th scope="col" className="py-2 text-start font-normal">
              {t('orders.product')}
            </th>
            <th scope="col" className={heading}>
              {t('orders.quantity')}
            </th>
            <th scope="col" className={heading}>
              {t('orders.lineTotal')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id} className="border-b border-neutral-100">
              <td className="py-3">
                {/* The name as ordered, in the reader's language: isolated so digits keep its order. */}
                <bdi>{localized(line, 'name', i18n.language)}</bdi>
                <VariantLabel variant={line.variant} />
                <span className="block text-sm text-muted">{money(line.unitPrice)}</span>
                {lineNote?.(line)}
              </td>
              <td className="py-3 ps-4 text-end">{line.quantity}</td>
              <td className="whitespace-nowrap py-3 ps-4 text-end">{money(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="w-full max-w-sm self-end">
        <OrderTotals totals={order} />
        {order.refundedTotal > 0 && (
          <p
            className="flex justify-between gap-4 border-t border-neutral-300 py-3 text-rose-800"
            data-testid="order-refunded"
          >
            <span>{t('orders.refundedTotal')}</span>
            {money(order.refundedTotal)}
          </p>
        )}
      </div>
    </div>
  );
}
