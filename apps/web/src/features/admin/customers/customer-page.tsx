import { Link, useParams } from 'react-router';
import { Money } from '../../../components/ui/price';
import { useAdminTranslation } from '../shared/admin-i18n';
import { StatusBadge } from '../shared/status-badge';
import { adminPaths } from '../shared/admin-paths';
import { useGetCustomerQuery } from './customers-api';
import { ListPanel, PageHeading, Panel, useDateFormat, RecordState } from '../shared/page-parts';
import { useMayOpen } from '../screens';
import { useShopCurrency } from '../shared/admin-api';

/** One customer: their orders, saved addresses, newsletter state and coupon uses. */
export function CustomerPage() {
  const { t } = useAdminTranslation();
  const mayOpen = useMayOpen();
  const { id = '' } = useParams();
  const customer = useGetCustomerQuery(id);
  const currency = useShopCurrency();
  const { date, dateTime } = useDateFormat();
  if (customer.error || !customer.data) {
    return <RecordState query={customer} notFound={t('customers.notFound')} />;
  }
  const c = customer.data;
  return (
    <>
      <PageHeading title={c.name || c.email} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel id="customer-account" title={t('customers.account')}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted">{t('customers.email')}</dt>
            <dd>
              <bdi dir="ltr">{c.email}</bdi>
            </dd>
            {c.guest && (
              <>
                <dt className="text-muted">{t('customers.account')}</dt>
                <dd>{t('customers.guest')}</dd>
              </>
            )}
            <dt className="text-muted">{t('customers.totalSpent')}</dt>
            <dd>
              <Money amount={c.totalSpent} currency={currency} />
            </dd>
            <dt className="text-muted">{t('customers.since')}</dt>
            <dd>{date(c.createdAt)}</dd>
            <dt className="text-muted">{t('customers.newsletter')}</dt>
            <dd>
              {c.newsletter.subscribed && c.newsletter.since
                ? t('customers.subscribedSince', { date: date(c.newsletter.since) })
                : t('customers.notSubscribed')}
            </dd>
          </dl>
        </Panel>
        <ListPanel
          id="customer-addresses"
          title={t('customers.addresses')}
          empty={t('customers.noAddresses')}
          className="flex flex-col gap-3 text-sm"
        >
          {c.addresses.map((a) => (
            <li key={a.id}>
              <bdi className="block font-medium">
                {[a.firstName, a.lastName].filter(Boolean).join(' ')}
              </bdi>
              <bdi className="block">
                {[a.streetAddress, a.apartment, a.city].filter(Boolean).join(', ')}
              </bdi>
              <bdi dir="ltr" className="block text-muted">
                {a.phone}
              </bdi>
            </li>
          ))}
        </ListPanel>
        <ListPanel
          id="customer-orders"
          title={t('customers.ordersTitle')}
          empty={t('customers.noOrders')}
          className="flex flex-col divide-y divide-neutral-100"
        >
          {c.orders.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3 text-sm">
              {mayOpen(adminPaths.order(o.id)) ? (
                <Link
                  to={adminPaths.order(o.id)}
                  className="font-medium text-brand hover:underline"
                >
                  <bdi dir="ltr">{o.number}</bdi>
                </Link>
              ) : (
                <bdi dir="ltr">{o.number}</bdi>
              )}
              <span className="flex-1 text-muted">{dateTime(o.createdAt)}</span>
              <StatusBadge state={o.status}>{t(`status.${o.status}`)}</StatusBadge>
              <Money amount={o.total} currency={o.currency} />
            </li>
          ))}
        </ListPanel>
        <ListPanel
          id="customer-coupons"
          title={t('customers.couponUses')}
          empty={t('customers.noCouponUses')}
          className="flex flex-col divide-y divide-neutral-100"
        >
          {c.couponUses.map((u) => (
            <li
              key={`${u.couponId}-${u.order.id}`}
              className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3 text-sm"
            >
              <bdi dir="ltr" className="font-mono font-medium">
                {u.code}
              </bdi>
              <Link to={adminPaths.order(u.order.id)} className="text-brand hover:underline">
                <bdi dir="ltr">{u.order.number}</bdi>
              </Link>
              <span className="flex-1 text-muted">{dateTime(u.at)}</span>
              <span>
                − <Money amount={u.discount} currency={u.currency} />
              </span>
            </li>
          ))}
        </ListPanel>
      </div>
    </>
  );
}
