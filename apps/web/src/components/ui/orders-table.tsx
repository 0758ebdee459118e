import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Order } from '@souq/contracts/orders';
import { Money } from './price';
import { statusToneClass } from './status-tone';
import { paths } from '../../lib/paths';
import { dateFormat } from '../../lib/date-format';

export function OrderStatusBadge({ status }: { status: Order['status'] }) {
  const { t } = useTranslation();
  return (
    <span
      className={`whitespace-nowrap rounded px-2 py-1 text-xs font-medium ${statusToneClass(status)}`}
    >
      {t(`orders.status.${status}`)}
    </span>
  );
}

/** What a row of the orders table shows of an order, in the shop and in the back office. */
type OrderRow = Pick<Order, 'id' | 'number' | 'createdAt' | 'status' | 'total' | 'currency'>;

/** A column the back office adds to the table (the customer, the payment method, …). */
export interface OrdersTableColumn<T> {
  heading: string;
  cell: (order: T) => ReactNode;
  /** Counts and amounts line up at the end. */
  end?: boolean;
}

/**
 * Orders as a table (number linking to the order's page, date, status, total), shared by the
 * orders pages, the account page and the back office's order list, which adds its own columns
 * between the date and the status. Phones leave out the date; the order's page shows it.
 */
export function OrdersTable<T extends OrderRow>({
  orders,
  hrefFor = (order) => paths.myOrder(order.id),
  formatDate,
  columns = [],
  caption,
}: {
  orders: readonly T[];
  hrefFor?: (order: T) => string;
  /** The date an order was placed, as shown; its day by default. */
  formatDate?: (iso: string) => string;
  columns?: readonly OrdersTableColumn<T>[];
  caption?: string;
}) {
  const { t, i18n } = useTranslation();
  const day = dateFormat(i18n.language, { dateStyle: 'medium' });
  const dateOf = formatDate ?? ((iso: string) => day.format(new Date(iso)));
  const heading = 'py-2 pe-2 font-normal';
  return (
    <table className="w-full">
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead>
        <tr className="border-b border-neutral-300 text-sm text-muted">
          <th scope="col" className={`${heading} text-start`}>
            {t('orders.number')}
          </th>
          <th scope="col" className={`${heading} hidden text-start sm:table-cell`}>
            {t('orders.date')}
          </th>
          {columns.map((column) => (
            <th
              key={column.heading}
              scope="col"
              className={`${heading} ${column.end ? 'text-end' : 'text-start'}`}
            >
              {column.heading}
            </th>
          ))}
          <th scope="col" className={`${heading} text-start`}>
            {t('orders.statusLabel')}
          </th>
          <th scope="col" className="py-2 text-end font-normal">
            {t('orders.total')}
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id} className="border-b border-neutral-100 last:border-0">
            <td className="py-3 pe-2">
              <Link
                to={hrefFor(order)}
                className="whitespace-nowrap text-brand hover:underline"
                dir="ltr"
              >
                {order.number}
              </Link>
            </td>
            <td className="hidden whitespace-nowrap py-3 pe-2 sm:table-cell">
              {dateOf(order.createdAt)}
            </td>
            {columns.map((column) => (
              <td key={column.heading} className={`py-3 pe-2 ${column.end ? 'text-end' : ''}`}>
                {column.cell(order)}
              </td>
            ))}
            <td className="py-3 pe-2">
              <OrderStatusBadge status={order.status} />
            </td>
            <td className="whitespace-nowrap py-3 text-end">
              <Money amount={order.total} currency={order.currency} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
