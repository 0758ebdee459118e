import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { AdminOrderListQuery, AdminOrderSummary } from '@souq/contracts/admin-orders';
import { orderStatuses, paymentMethods } from '@souq/contracts/orders';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { Money } from '../../../components/ui/price';
import { numberFormat } from '../../../lib/number-format';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useGetAdminOrdersQuery } from './orders-api';
import { useAdminTranslation } from '../shared/admin-i18n';
import { StatusBadge } from '../shared/status-badge';
import { adminPaths } from '../shared/admin-paths';
import { readOrderListParams } from './order-list-params';
import { LoadError, Loading, PageHeading, Pager, useDateFormat } from '../shared/page-parts';

/** Orders, newest first, with search, filters and page in the URL so a list can be bookmarked. */
export function OrdersPage() {
  const { t } = useAdminTranslation();
  const [params] = useSearchParams();
  const query = readOrderListParams(params);
  const orders = useGetAdminOrdersQuery(query, { refetchOnMountOrArgChange: true });
  const page = query.page ?? 1;
  return (
    <>
      <PageHeading title={t('orders.title')} />
      {/* Keyed so the fields show the URL's values after Back or a dashboard link. */}
      <OrderFilters key={params.toString()} query={query} />
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
  const [, setParams] = useSearchParams();
  const id = useId();
  const wide = useMediaQuery('(min-width: 640px)');
  const [showFilters, setShowFilters] = useState(
    Boolean(query.status ?? query.paymentMethod ?? query.from ?? query.to),
  );
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of ['q', 'status', 'paymentMethod', 'from', 'to']) {
      const value = form.get(key);
      if (typeof value === 'string' && value.trim()) next.set(key, value.trim());
    }
    // A new search starts at its first page.
    setParams(next);
  };
  const field = 'flex flex-col gap-1 text-sm';
  const control = `${inputClass} min-h-11 bg-white border border-neutral-300`;
  return (
    <form
      role="search"
      aria-label={t('orders.searchLabel')}
      onSubmit={submit}
      className="mb-6 grid gap-3 rounded bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-6"
    >
      <label className={`${field} sm:col-span-2`} htmlFor={`${id}-q`}>
        {t('orders.search')}
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          defaultValue={query.q ?? ''}
          maxLength={100}
          placeholder={t('orders.searchHint')}
          className={control}
        />
      </label>
      {/* On a phone the filters fold away under the search, so the first orders are on screen. */}
      <details
        open={wide || showFilters}
        onToggle={(event) => setShowFilters(event.currentTarget.open)}
        className="sm:col-span-2 lg:col-span-4"
      >
        <summary className="flex min-h-11 cursor-pointer items-center font-medium sm:hidden">
          {t('orders.filters')}
          <span aria-hidden="true" className="ms-2 text-sm">
            ▾
          </span>
        </summary>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <label className={field}>
            {t('orders.status')}
            <select name="status" defaultValue={query.status ?? ''} className={control}>
              <option value="">{t('orders.anyStatus')}</option>
              {orderStatuses.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={field}>
            {t('orders.paymentMethod')}
            <select
              name="paymentMethod"
              defaultValue={query.paymentMethod ?? ''}
              className={control}
            >
              <option value="">{t('orders.anyPayment')}</option>
              {paymentMethods.map((method) => (
                <option key={method} value={method}>
                  {t(`payment.${method}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={field}>
            {t('orders.from')}
            <input name="from" type="date" defaultValue={query.from ?? ''} className={control} />
          </label>
          <label className={field}>
            {t('orders.to')}
            <input name="to" type="date" defaultValue={query.to ?? ''} className={control} />
          </label>
        </div>
      </details>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-6">
        <Button type="submit" className="min-h-11">
          {t('orders.apply')}
        </Button>
        <Link
          to={adminPaths.orders}
          className="inline-flex min-h-11 items-center px-2 underline hover:text-brand"
        >
          {t('orders.clear')}
        </Link>
      </div>
    </form>
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
