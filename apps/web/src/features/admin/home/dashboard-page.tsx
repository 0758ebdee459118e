import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  bucketStatuses,
  waitingBuckets,
  type WaitingBucket,
} from '@souq/contracts/order-lifecycle';
import type { Dashboard } from '@souq/contracts/staff';
import { Money } from '../../../components/ui/price';
import { localized } from '../../../lib/localized';
import { numberFormat } from '../../../lib/number-format';
import { useGetDashboardQuery } from './home-api';
import { useAdminTranslation } from '../shared/admin-i18n';
import { adminPaths } from '../shared/admin-paths';
import { Loaded, PageHeading, Section } from '../shared/page-parts';

export function DashboardPage() {
  const { t } = useAdminTranslation();
  const dashboard = useGetDashboardQuery(undefined, { refetchOnMountOrArgChange: 30 });
  return (
    <>
      <PageHeading title={t('dashboard.title')} />
      <Loaded query={dashboard}>{(data) => <DashboardFigures dashboard={data} />}</Loaded>
    </>
  );
}

function DashboardFigures({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useAdminTranslation();
  const { i18n } = useTranslation();
  const count = (n: number) => numberFormat(i18n.language, {}).format(n);
  // Each bucket links to the orders in the status its action starts from.
  const waiting = (Object.keys(waitingBuckets) as WaitingBucket[]).map((key) => ({
    key,
    status: bucketStatuses(key)[0],
    value: dashboard.waiting[key],
  }));
  return (
    <div className="flex flex-col gap-8">
      <Section id="sales-heading" title={t('dashboard.sales')}>
        <div className="grid gap-4 sm:grid-cols-2">
          {(['today', 'thisWeek'] as const).map((period) => (
            <div key={period} className="rounded bg-white p-5 shadow-sm">
              <h3 className="text-sm text-muted">{t(`dashboard.${period}`)}</h3>
              <p className="mt-2 text-3xl font-semibold">
                {t('dashboard.orders', { count: dashboard[period].orders })}
              </p>
              <p className="mt-1 text-lg">
                {dashboard[period].revenue.length === 0
                  ? t('dashboard.noRevenue')
                  : dashboard[period].revenue.map((line, index) => (
                      <span key={line.currency}>
                        {index > 0 && ' · '}
                        <Money amount={line.amount} currency={line.currency} />
                      </span>
                    ))}
              </p>
            </div>
          ))}
        </div>
      </Section>
      <Section id="waiting-heading" title={t('dashboard.waiting')}>
        <ul className="grid gap-4 sm:grid-cols-3">
          {waiting.map((step) => (
            <li key={step.key}>
              <Link
                to={adminPaths.ordersMatching({ status: step.status })}
                className="flex min-h-11 items-center justify-between gap-3 rounded bg-white p-5 shadow-sm hover:text-brand"
              >
                <span>{t(`dashboard.${step.key}`)}</span>
                <span className="text-2xl font-semibold">{count(step.value)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="low-stock-heading" title={t('dashboard.lowStock')}>
        {dashboard.lowStock.length === 0 ? (
          <p className="text-muted">{t('dashboard.noLowStock')}</p>
        ) : (
          <ul className="divide-y divide-neutral-100 rounded bg-white shadow-sm">
            {dashboard.lowStock.map((variant) => (
              <li
                key={variant.variantId}
                className="flex items-center justify-between gap-4 px-5 py-3"
              >
                <span className="flex min-w-0 flex-wrap gap-x-2">
                  {/* name · colour · size; each isolated so a Latin name keeps its order in Arabic */}
                  {[localized(variant, 'name', i18n.language), variant.colour, variant.size]
                    .filter((part): part is string => !!part)
                    .map((part, index) => (
                      <span key={index}>
                        {index > 0 && (
                          <span aria-hidden="true" className="me-2 text-muted">
                            ·
                          </span>
                        )}
                        <bdi>{part}</bdi>
                      </span>
                    ))}
                </span>
                <span
                  className={`whitespace-nowrap text-sm font-medium ${variant.stock === 0 ? 'text-brand' : ''}`}
                >
                  {t('dashboard.inStock', { count: variant.stock })}{' '}
                  <span className="font-normal text-muted">
                    {t('dashboard.ofThreshold', { threshold: variant.threshold })}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
