import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  adminOrderListQuerySchema,
  type AdminOrderListQuery,
  type AdminOrderSummary,
} from '@souq/contracts/admin-orders';
import { orderStatuses, paymentMethods } from '@souq/contracts/orders';
import { OrdersTable } from '../../../components/ui/orders-table';
import { Money } from '../../../components/ui/price';
import { numberFormat } from '../../../lib/number-format';
import { useGetAdminOrdersQuery } from './orders-api';
import { useAdminTranslation } from '../shared/admin-i18n';
import { StatusBadge } from '../shared/status-badge';
import { adminPaths } from '../shared/admin-paths';
import { ListFilters } from '../shared/list-parts';
import { readListQuery } from '../shared/list-query';
import { Loaded, PageHeading, pageCount, Pager, useDateFormat } from '../shared/page-parts';

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
      <Loaded query={orders}>
        {(data) =>
          data.items.length === 0 ? (
            <p className="rounded bg-white p-6 text-muted">{t('orders.none')}</p>
          ) : (
            <div aria-busy={orders.isFetching}>
              <OrderCards orders={data.items} />
              <OrderTable orders={data.items} />
              <Pager
                page={page}
                of={data}
                hrefFor={(n) => adminPaths.ordersMatching({ ...query, page: n })}
                summary={t('orders.pageSummary', {
                  page,
                  pages: pageCount(data),
                  count: data.total,
                })}
              />
            </div>
          )
        }
      </Loaded>
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
  return (
    <div className="hidden rounded bg-white px-4 text-sm shadow-sm md:block">
      <OrdersTable
        orders={orders}
        caption={t('orders.title')}
        hrefFor={(order) => adminPaths.order(order.id)}
        formatDate={dateTime}
        columns={[
          {
            heading: t('orders.customer'),
            cell: (order) => (
              <>
                <bdi className="block">{order.customerName}</bdi>
                <bdi className="block text-muted">{order.email}</bdi>
              </>
            ),
          },
          {
            heading: t('orders.paymentMethod'),
            cell: (order) => t(`payment.${order.paymentMethod}`),
          },
          {
            heading: t('orders.items'),
            cell: (order) => numberFormat(i18n.language, {}).format(order.itemCount),
            end: true,
          },
        ]}
      />
    </div>
  );
}
