import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Order } from '@souq/contracts/orders';
import { Money } from './price';
import { statusToneClass } from './status-tone';
import { paths } from '../../lib/paths';

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

/**
 * Orders as a table (number linking to the order's page, date, status, total), shared by the
 * orders pages and the account page. Phones leave out the date; the order's page shows it.
 */
export function OrdersTable({ orders }: { orders: Order[] }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const heading = 'py-2 font-normal';
  return (
    <table className="w-full">
      <thead>
        <tr className="border-b border-neutral-300 text-sm text-muted">
          <th scope="col" className={`${heading} text-start`}>
            {t('orders.number')}
          </th>
          <th scope="col" className={`${heading} hidden text-start sm:table-cell`}>
            {t('orders.date')}
          </th>
          <th scope="col" className={`${heading} text-start`}>
            {t('orders.statusLabel')}
          </th>
          <th scope="col" className={`${heading} text-end`}>
            {t('orders.total')}
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id} className="border-b border-neutral-100">
            <td className="py-3 pe-2">
              <Link
                to={paths.myOrder(order.id)}
                className="whitespace-nowrap text-brand hover:underline"
                dir="ltr"
              >
                {order.number}
              </Link>
            </td>
            <td className="hidden py-3 pe-2 sm:table-cell">
              {date.format(new Date(order.createdAt))}
            </td>
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
