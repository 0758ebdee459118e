import { Link, useSearchParams } from 'react-router';
import { useStaff } from '../shared/staff-access';
import { useAdminTranslation } from '../shared/admin-i18n';
import { adminPaths } from '../shared/admin-paths';
import { ListSearch, pageParam, withPage } from '../shared/list-parts';
import { Money } from '../../../components/ui/price';
import { useGetCustomersQuery } from './customers-api';
import { LoadError, Loading, PageHeading, Pager, useDateFormat } from '../shared/page-parts';
import { useShopCurrency } from '../shared/admin-api';

/** Shop accounts and guest buyers, newest first, found by part of a name or an email. */
export function CustomersPage() {
  const { t } = useAdminTranslation();
  const { may } = useStaff();
  const [params] = useSearchParams();
  const page = pageParam(params);
  const currency = useShopCurrency();
  const customers = useGetCustomersQuery(
    { q: params.get('q') ?? undefined, page },
    { refetchOnMountOrArgChange: true },
  );
  const { date } = useDateFormat();
  return (
    <>
      <PageHeading title={t('customers.title')}>
        {may('marketing.manage') && (
          <a
            href="/api/admin/newsletter/subscribers.csv"
            download
            className="ms-auto inline-flex min-h-11 items-center rounded border border-neutral-400 bg-white px-4 text-sm font-medium hover:border-neutral-900"
          >
            {t('customers.exportSubscribers')}
          </a>
        )}
      </PageHeading>
      <ListSearch
        label={t('customers.searchLabel')}
        searchLabel={t('customers.search')}
        hint={t('customers.searchHint')}
        clearTo={adminPaths.customers}
      />
      {customers.error ? (
        <LoadError error={customers.error} onRetry={() => void customers.refetch()} />
      ) : !customers.data ? (
        <Loading />
      ) : customers.data.items.length === 0 ? (
        <p className="rounded bg-white p-6 text-muted">{t('customers.none')}</p>
      ) : (
        <div aria-busy={customers.isFetching}>
          <ul className="flex flex-col gap-3">
            {customers.data.items.map((c) => (
              <li key={c.id}>
                <Link
                  to={adminPaths.customer(c.id)}
                  className="grid gap-1 rounded bg-white p-4 shadow-sm hover:outline hover:outline-1 hover:outline-brand md:grid-cols-[1fr_1fr_auto_auto] md:items-center md:gap-4"
                >
                  <span className="flex flex-wrap items-center gap-2">
                    <bdi className="font-medium text-brand">{c.name || c.email}</bdi>
                    {c.guest && (
                      <span className="rounded bg-neutral-100 px-2 py-0.5 text-xs">
                        {t('customers.guest')}
                      </span>
                    )}
                  </span>
                  <bdi dir="ltr" className="text-sm md:text-start">
                    {c.email}
                  </bdi>
                  <span className="text-sm text-muted">
                    {t('customers.orders', { count: c.orderCount })}
                    {c.lastOrderAt &&
                      ` · ${t('customers.lastOrder', { date: date(c.lastOrderAt) })}`}
                    {' · '}
                    {t('customers.totalSpent')} <Money amount={c.totalSpent} currency={currency} />
                  </span>
                  <span className="text-sm text-muted">
                    {c.subscribed
                      ? t('customers.subscribed')
                      : !c.guest && t('customers.joined', { date: date(c.createdAt) })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            of={customers.data}
            hrefFor={(n) => withPage(adminPaths.customers, params, n)}
            summary={t('marketing.found', { count: customers.data.total })}
          />
        </div>
      )}
    </>
  );
}
