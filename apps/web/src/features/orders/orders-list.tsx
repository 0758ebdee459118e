import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Order } from '@souq/contracts/orders';
import { primaryLinkClass } from '../../components/ui/button';
import { formatMoney } from '../../lib/money';
import { useGetOrdersQuery } from '../../lib/orders-api';
import { useAppSelector } from '../../store/hooks';
import { OrderStatusBadge } from './order-details';

/** The signed-in shopper's orders, newest first; `only` narrows to one status. */
export function OrdersList({ title, only }: { title: string; only?: Order['status'] }) {
  const { t, i18n } = useTranslation();
  const signedIn = useAppSelector((state) => state.ui.user);
  const orders = useGetOrdersQuery(undefined, { skip: !signedIn });
  const items = (orders.data?.items ?? []).filter((o) => !only || o.status === only);

  let body;
  if (!signedIn) {
    body = (
      <div className="flex flex-col items-start gap-4">
        <p className="text-muted">{t('orders.signInToSee')}</p>
        <Link to="/login" className={primaryLinkClass}>
          {t('orders.signIn')}
        </Link>
      </div>
    );
  } else if (orders.isError) {
    body = (
      <p role="alert" className="text-brand">
        {t('orders.loadFailed')}
      </p>
    );
  } else if (!orders.data) {
    body = <p role="status">{t('common.loading')}</p>;
  } else if (items.length === 0) {
    body = <p className="text-muted">{only ? t('orders.noCancellations') : t('orders.none')}</p>;
  } else {
    body = (
      <table className="w-full">
        <thead>
          <tr className="border-b border-neutral-300 text-sm text-muted">
            <th scope="col" className="py-2 text-start font-normal">
              {t('orders.number')}
            </th>
            <th scope="col" className="py-2 text-start font-normal">
              {t('orders.date')}
            </th>
            <th scope="col" className="py-2 text-start font-normal">
              {t('orders.statusLabel')}
            </th>
            <th scope="col" className="py-2 text-end font-normal">
              {t('orders.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((order) => (
            <tr key={order.id} className="border-b border-neutral-100">
              <td className="py-3">
                <Link to={`/account/orders/${order.id}`} className="text-brand hover:underline">
                  {order.number}
                </Link>
              </td>
              <td className="py-3">
                {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
                  new Date(order.createdAt),
                )}
              </td>
              <td className="py-3">
                <OrderStatusBadge status={order.status} />
              </td>
              <td className="py-3 text-end">
                {formatMoney(order.total, order.currency, i18n.language)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-12">
      <h1 className="text-3xl font-semibold">{title}</h1>
      {body}
    </div>
  );
}
