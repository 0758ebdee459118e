import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  adminOrderListQuerySchema,
  type AdminOrderListQuery,
  type AdminOrderSummary,
} from '@souq/contracts/admin-orders';
import { orderStatuses, paymentMethods } from '@souq/contracts/orders';
import { Money } from '../../../components/ui/price';
import { numberFormat } from '../../../lib/number-format';
import { useGetAdminOrdersQuery } from './orders-api';
import { useAdminTranslation } from '../shared/admin-i18n';
import { StatusBadge } from '../shared/status-badge';
import { adminPaths } from '../shared/admin-paths';
import { ListFilters } from '../shared/list-parts';
import { readListQuery } from '../shared/list-query';
import { LoadError, Loading, PageHeading, Pager, useDateFormat } from '../shared/page-parts';

/** Orders, newest first, with search, filters and page in the URL so a list can be bookmarked. */
export function OrdersPage() {
  const { t } = useAdminTranslation();
  const [params] = useSearchParams();
  const query = readListQuery(adminOrderListQuerySchema, params);
  const orders = useGetAdminOrdersQuery(query, { refetchOnMountOrArgChange: true });
  const page = query.page ?? 1;
  return (
    <>
      <PageHeading title={t('orders.title')} />
      <OrderFilters query={query} />
      <div aria-live="polite" className="sr-only">
        {orders.data && !orders.isFetching ? t('orders.found', { count: orders.data.total }) : ''}
      </div>
      {orders.error ? (
        <LoadError error={orders.error} onRetry={() => void orders.refetch()} />
      ) : !orders.data ? (
        <Loading />
      ) : orders.data.items.length === 0 ? (
        <p className="rounded bg-white p-6 text-muted">{t('orders.none')}</p>
      ) : (
        <div aria-busy={orders.isFetching}>
          <OrderCards orders={orders.data.items} />
          <OrderTable orders={orders.data.items} />
          <Pager
            page={page}
            hasMore={page * orders.data.pageSize < orders.data.total}
            hrefFor={(n) => adminPaths.ordersMatching({ ...query, page: n })}
            summary={t('orders.pageSummary', {
              page,
              pages: Math.max(1, Math.ceil(orders.data.total / orders.data.pageSize)),
              count: orders.data.total,
            })}
          />
        </div>
      )}
    </>
  );
}

function OrderFilters({ query }: { query: AdminOrderListQuery }) {
  const { t } = useAdminTranslation();
  return (
    <ListFilters
      query={query}
      clearTo={adminPaths.orders}
      text={{
        label: t('orders.searchLabel'),
        search: t('orders.search'),
        searchHint: t('orders.searchHint'),
        filters: t('orders.filters'),
        apply: t('orders.apply'),
        clear: t('orders.clear'),
      }}
      filters={[
        {
          name: 'status',
          label: t('orders.status'),
          anyLabel: t('orders.anyStatus'),
          options: orderStatuses.map((status) => ({ value: status, label: t(`status.${status}`) })),
        },
        {
          name: 'paymentMethod',
          label: t('orders.paymentMethod'),
          anyLabel: t('orders.anyPayment'),
          options: paymentMethods.map((method) => ({
            value: method,
            label: t(`payment.${method}`),
          })),
        },
        { name: 'from', label: t('orders.from'), type: 'date' },
        { name: 'to', label: t('orders.to'), type: 'date' },
      ]}
    />
  );
}

/** Phones: one card per order, the whole card a link. */
function OrderCards({ orders }: { orders: AdminOrderSummary[] }) {
  const { t } = useAdminTranslation();
  const { dateTime } = useDateFormat();
  return (
    <ul className="flex flex-col gap-3 md:hidden">
      {orders.map((order) => (
        <li key={order.id}>
          <Link
            to={adminPaths.order(order.id)}
            className="flex flex-col gap-2 rounded bg-white p-4 shadow-sm hover:outline hover:outline-1 hover:outline-brand"
          >
            <span className="flex items-center justify-between gap-3">
              <bdi dir="ltr" className="font-medium text-brand">
                {order.number}
              </bdi>
              <StatusBadge state={order.status}>{t(`status.${order.status}`)}</StatusBadge>
            </span>
            <span className="flex items-center justify-between gap-3 text-sm">
              <bdi>{order.customerName}</bdi>
              <Money amount={order.total} currency={order.currency} className="font-medium" />
            </span>
            <span className="text-sm text-muted">
              {dateTime(order.createdAt)} · {t(`payment.${order.paymentMethod}`)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function OrderTable({ orders }: { orders: AdminOrderSummary[] }) {
  const { t } = useAdminTranslation();
  const { i18n } = useTranslation();
  const { dateTime } = useDateFormat();
  const heading = 'px-3 py-3 text-start font-normal';
  return (
    <table className="hidden w-full rounded bg-white text-sm shadow-sm md:table">
      <caption className="sr-only">{t('orders.title')}</caption>
      <thead>
        <tr className="border-b border-neutral-300 text-muted">
          <th scope="col" className={heading}>
            {t('orders.number')}
          </th>
          <th scope="col" className={heading}>
            {t('orders.placed')}
          </th>
          <th scope="col" className={heading}>
            {t('orders.customer')}
          </th>
          <th scope="col" className={heading}>
            {t('orders.paymentMethod')}
          </th>
          <th scope="col" className={heading}>
            {t('orders.status')}
          </th>
          <th scope="col" className={`${heading} text-end`}>
            {t('orders.items')}
          </th>
          <th scope="col" className={`${heading} text-end`}>
            {t('orders.total')}
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id} className="border-b border-neutral-100 last:border-0">
            <td className="px-3 py-3">
              <Link
                to={adminPaths.order(order.id)}
                className="font-medium text-brand hover:underline"
              >
                <bdi dir="ltr">{order.number}</bdi>
              </Link>
            </td>
            <td className="px-3 py-3 whitespace-nowrap">{dateTime(order.createdAt)}</td>
            <td className="px-3 py-3">
              <bdi className="block">{order.customerName}</bdi>
              <bdi className="block text-muted">{order.email}</bdi>
            </td>
            <td className="px-3 py-3">{t(`payment.${order.paymentMethod}`)}</td>
            <td className="px-3 py-3">
              <StatusBadge state={order.status}>{t(`status.${order.status}`)}</StatusBadge>
            </td>
            <td className="px-3 py-3 text-end">
              {numberFormat(i18n.language, {}).format(order.itemCount)}
            </td>
            <td className="px-3 py-3 text-end whitespace-nowrap">
              <Money amount={order.total} currency={order.currency} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
