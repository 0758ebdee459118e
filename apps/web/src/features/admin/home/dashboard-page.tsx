import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Dashboard, DashboardPeriod } from '@souq/contracts/dashboard';
import { minorUnitDigits } from '@souq/contracts/money';
import {
  bucketStatuses,
  waitingBuckets,
  type WaitingBucket,
} from '@souq/contracts/order-lifecycle';
import { Money } from '../../../components/ui/price';
import { localized } from '../../../lib/localized';
import { formatMoney } from '../../../lib/money';
import { numberFormat } from '../../../lib/number-format';
import { useGetDashboardQuery } from './home-api';
import { PeriodChart } from './period-chart';
import { useAdminTranslation } from '../shared/admin-i18n';
import { adminPaths } from '../shared/admin-paths';
import { useShopSettings } from '../../../lib/shop-settings';
import { Loaded, PageHeading, Panel, Section } from '../shared/page-parts';
import { StatusBadge } from '../shared/status-badge';
import { dateFormat } from '../../../lib/date-format';

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

/** The figures' words and numbers in the staff member's language. */
function useFigureFormats(currency: string) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    // A shop day is a calendar date: written as such, whatever the device's time zone.
    const dayFormat = dateFormat(language, {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    const compactMoney = numberFormat(language, {
      style: 'currency',
      currency,
      notation: 'compact',
    });
    return {
      language,
      direction: i18n.dir(language),
      count: (n: number) => numberFormat(language, {}).format(n),
      day: (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`)),
      money: (amount: number) => formatMoney(amount, currency, language),
      /** An axis label: "EGP 12K". */
      axisMoney: (amount: number) =>
        compactMoney
          .format(amount / 10 ** minorUnitDigits(currency))
          .replace(/[\u200e\u200f]/g, ''),
      change: (current: number, previous: number) =>
        previous === 0
          ? null
          : numberFormat(language, {
              style: 'percent',
              signDisplay: 'exceptZero',
              maximumFractionDigits: 0,
            }).format((current - previous) / previous),
    };
  }, [language, currency, i18n]);
}

/** A period's revenue in one currency, and its orders in all. */
function periodFigures(period: DashboardPeriod, currency: string) {
  const total = period.totals.find((line) => line.currency === currency);
  return {
    revenue: total?.revenue ?? 0,
    average: total?.averageOrder ?? 0,
    orders: period.totals.reduce((sum, line) => sum + line.orders, 0),
    dailyRevenue: period.days.map(
      (day) => day.revenue.find((line) => line.currency === currency)?.amount ?? 0,
    ),
    dailyOrders: period.days.map((day) => day.orders),
  };
}

function DashboardFigures({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useAdminTranslation();
  const shop = useShopSettings();
  // Charts and comparisons are in the currency with the most revenue; other currencies are
  // listed beside it.
  const currency =
    dashboard.current.totals[0]?.currency ??
    dashboard.previous.totals[0]?.currency ??
    shop.currency;
  const format = useFigureFormats(currency);
  const current = periodFigures(dashboard.current, currency);
  const previous = periodFigures(dashboard.previous, currency);
  const currentDays = dashboard.current.days;
  const labels = useMemo(
    () => currentDays.map((day) => format.day(day.date)),
    [currentDays, format],
  );
  const revenueSeries = useMemo(
    () => [
      { label: t('dashboard.last30'), values: current.dailyRevenue },
      { label: t('dashboard.previous30'), values: previous.dailyRevenue, previous: true },
    ],
    [t, current.dailyRevenue, previous.dailyRevenue],
  );
  const orderSeries = useMemo(
    () => [
      { label: t('dashboard.last30'), values: current.dailyOrders },
      { label: t('dashboard.previous30'), values: previous.dailyOrders, previous: true },
    ],
    [t, current.dailyOrders, previous.dailyOrders],
  );
  const otherCurrencies = dashboard.current.totals.filter((line) => line.currency !== currency);
  return (
    <div className="flex flex-col gap-8">
      <p className="-mt-4 text-muted">
        {t('dashboard.period', {
          from: format.day(dashboard.current.from),
          to: format.day(dashboard.current.to),
          zone: dashboard.timeZone,
        })}
      </p>
      <Section id="figures-heading" title={t('dashboard.figures')}>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <FigureCard
            label={t('dashboard.revenue')}
            value={format.money(current.revenue)}
            change={format.change(current.revenue, previous.revenue)}
            before={t('dashboard.before', { value: format.money(previous.revenue) })}
            rising={current.revenue >= previous.revenue}
          >
            {otherCurrencies.map((line) => (
              <span key={line.currency} className="block text-sm text-muted">
                + <Money amount={line.revenue} currency={line.currency} />
              </span>
            ))}
          </FigureCard>
          <FigureCard
            label={t('dashboard.ordersLabel')}
            value={format.count(current.orders)}
            change={format.change(current.orders, previous.orders)}
            before={t('dashboard.before', { value: format.count(previous.orders) })}
            rising={current.orders >= previous.orders}
          />
          <FigureCard
            label={t('dashboard.averageOrder')}
            value={format.money(current.average)}
            change={format.change(current.average, previous.average)}
            before={t('dashboard.before', { value: format.money(previous.average) })}
            rising={current.average >= previous.average}
          />
          <FigureCard
            label={t('dashboard.customers')}
            value={format.count(dashboard.customers.new + dashboard.customers.returning)}
            change={null}
            before={t('dashboard.newAndReturning', {
              new: format.count(dashboard.customers.new),
              returning: format.count(dashboard.customers.returning),
            })}
            rising
          />
        </ul>
      </Section>
      <div className="grid gap-6 lg:grid-cols-2">
        <ChartPanel
          id="revenue-heading"
          title={t('dashboard.revenuePerDay', { currency })}
          kind="line"
          labels={labels}
          series={revenueSeries}
          formatAxis={format.axisMoney}
          formatCell={format.money}
          formatDay={format.day}
          dates={dashboard.current.days.map((day) => day.date)}
          previousDates={dashboard.previous.days.map((day) => day.date)}
        />
        <ChartPanel
          id="orders-heading"
          title={t('dashboard.ordersPerDay')}
          kind="bar"
          labels={labels}
          series={orderSeries}
          formatAxis={format.count}
          formatCell={format.count}
          formatDay={format.day}
          dates={dashboard.current.days.map((day) => day.date)}
          previousDates={dashboard.previous.days.map((day) => day.date)}
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <RankPanel
          id="status-heading"
          title={t('dashboard.byStatus')}
          empty={t('dashboard.noOrders')}
          rows={dashboard.byStatus.map((line) => ({
            key: line.status,
            label: (
              <Link
                to={adminPaths.ordersMatching({ status: line.status })}
                className="inline-flex min-h-11 items-center hover:underline"
              >
                <StatusBadge state={line.status}>{t(`status.${line.status}`)}</StatusBadge>
              </Link>
            ),
            value: line.count,
            text: format.count(line.count),
          }))}
        />
        <RankPanel
          id="top-products-heading"
          title={t('dashboard.topProducts')}
          empty={t('dashboard.noSales')}
          rows={dashboard.topProducts.map((line) => ({
            key: `${line.productId}-${line.currency}`,
            label: (
              <Link
                to={adminPaths.product(line.productId)}
                className="inline-flex min-h-11 items-center hover:underline"
              >
                <bdi>{localized(line, 'name', format.language)}</bdi>
              </Link>
            ),
            value: line.revenue,
            text: (
              <>
                <Money amount={line.revenue} currency={line.currency} />{' '}
                <span className="text-muted">{t('dashboard.sold', { count: line.quantity })}</span>
              </>
            ),
          }))}
        />
        <RankPanel
          id="top-categories-heading"
          title={t('dashboard.topCategories')}
          empty={t('dashboard.noSales')}
          rows={dashboard.topCategories.map((line) => ({
            key: `${line.categoryId}-${line.currency}`,
            label: (
              <Link
                to={adminPaths.productsMatching({ category: line.slug })}
                className="inline-flex min-h-11 items-center hover:underline"
              >
                <bdi>{localized(line, 'name', format.language)}</bdi>
              </Link>
            ),
            value: line.revenue,
            text: <Money amount={line.revenue} currency={line.currency} />,
          }))}
        />
      </div>
      <Waiting dashboard={dashboard} count={format.count} />
      <LowStock lowStock={dashboard.lowStock} />
    </div>
  );
}

/** A headline figure with its change against the 30 days before. */
function FigureCard({
  label,
  value,
  change,
  before,
  rising,
  children,
}: {
  label: string;
  value: string;
  /** The change in percent, written; null when there is nothing to compare with. */
  change: string | null;
  before: string;
  rising: boolean;
  children?: ReactNode;
}) {
  return (
    <li className="rounded bg-white p-5 shadow-sm">
      <h3 className="text-sm text-muted">{label}</h3>
      <p className="mt-2 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <bdi dir="ltr" className="text-2xl font-semibold">
          {value}
        </bdi>
        {change && (
          <bdi
            dir="ltr"
            className={`rounded px-1.5 text-sm font-medium ${rising ? 'bg-green-50 text-green-800' : 'bg-brand/10 text-brand-dark'}`}
          >
            {change}
          </bdi>
        )}
      </p>
      <p className="mt-1 text-sm text-muted">{before}</p>
      {children}
    </li>
  );
}

/** A chart of the two periods, and the same figures as a table for screen readers and copying. */
function ChartPanel({
  id,
  title,
  kind,
  labels,
  series,
  formatAxis,
  formatCell,
  formatDay,
  dates,
  previousDates,
}: {
  id: string;
  title: string;
  kind: 'line' | 'bar';
  labels: string[];
  series: { label: string; values: number[]; previous?: boolean }[];
  formatAxis: (value: number) => string;
  formatCell: (value: number) => string;
  formatDay: (date: string) => string;
  dates: string[];
  previousDates: string[];
}) {
  const { t } = useAdminTranslation();
  const { i18n } = useTranslation();
  const [last, before] = series;
  return (
    <Panel id={id} title={title}>
      <PeriodChart
        kind={kind}
        labels={labels}
        series={series}
        formatValue={formatAxis}
        direction={i18n.dir(i18n.language)}
      />
      <details className="mt-3">
        <summary className="flex min-h-11 cursor-pointer items-center text-sm font-medium">
          {t('dashboard.asTable')}
        </summary>
        <div className="max-h-80 overflow-y-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="text-start text-muted">
                <th scope="col" className="py-1 text-start font-normal">
                  {t('dashboard.day')}
                </th>
                <th scope="col" className="py-1 text-end font-normal">
                  {last?.label}
                </th>
                <th scope="col" className="py-1 text-end font-normal">
                  {t('dashboard.sameDayBefore')}
                </th>
              </tr>
            </thead>
            <tbody>
              {dates.map((date, index) => (
                <tr key={date} className="border-t border-neutral-100">
                  <th scope="row" className="py-1 text-start font-normal">
                    {formatDay(date)}
                  </th>
                  <td className="py-1 text-end">
                    <bdi dir="ltr">{formatCell(last?.values[index] ?? 0)}</bdi>
                  </td>
                  <td className="py-1 text-end text-muted">
                    <bdi dir="ltr">{formatCell(before?.values[index] ?? 0)}</bdi>{' '}
                    <span className="text-xs">({formatDay(previousDates[index] ?? date)})</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </Panel>
  );
}

/** A ranked list with a bar per row in proportion to the largest; the words say the figures. */
function RankPanel({
  id,
  title,
  empty,
  rows,
}: {
  id: string;
  title: string;
  empty: string;
  rows: { key: string; label: ReactNode; value: number; text: ReactNode }[];
}) {
  const largest = Math.max(1, ...rows.map((row) => row.value));
  return (
    <Panel id={id} title={title}>
      {rows.length === 0 ? (
        <p className="text-muted">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {rows.map((row) => (
            <li key={row.key}>
              <div className="flex flex-wrap items-center justify-between gap-x-3">
                <span className="min-w-0">{row.label}</span>
                <span className="text-sm">{row.text}</span>
              </div>
              <div aria-hidden="true" className="h-1.5 rounded bg-neutral-100">
                <div
                  className="h-1.5 rounded bg-brand"
                  style={{ width: `${(row.value / largest) * 100}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function Waiting({ dashboard, count }: { dashboard: Dashboard; count: (n: number) => string }) {
  const { t } = useAdminTranslation();
  // Each bucket links to the orders in the status its action starts from.
  const waiting = (Object.keys(waitingBuckets) as WaitingBucket[]).map((key) => ({
    key,
    status: bucketStatuses(key)[0],
    value: dashboard.waiting[key],
  }));
  return (
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
  );
}

function LowStock({ lowStock }: { lowStock: Dashboard['lowStock'] }) {
  const { t } = useAdminTranslation();
  const { i18n } = useTranslation();
  return (
    <Panel id="low-stock-heading" title={t('dashboard.lowStock')}>
      {lowStock.total === 0 ? (
        <p className="text-muted">{t('dashboard.noLowStock')}</p>
      ) : (
        <>
          <ul className="divide-y divide-neutral-100">
            {lowStock.items.map((product) => (
              <li key={product.productId}>
                <Link
                  to={adminPaths.product(product.productId)}
                  className="flex min-h-11 flex-wrap items-center justify-between gap-x-4 py-2 hover:text-brand"
                >
                  <bdi className="min-w-0">{localized(product, 'name', i18n.language)}</bdi>
                  <span
                    className={`text-sm ${product.leastStock === 0 ? 'font-medium text-brand' : ''}`}
                  >
                    {t('dashboard.lowVariants', {
                      count: product.lowVariants,
                      variants: product.variants,
                    })}{' '}
                    <span className="text-muted">
                      {t('dashboard.leastStock', {
                        count: product.leastStock,
                        threshold: product.threshold,
                      })}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <p className="mt-3 flex flex-wrap gap-x-6">
            <Link
              to={adminPaths.productsMatching({ stock: 'low' })}
              className="inline-flex min-h-11 items-center font-medium text-brand underline"
            >
              {t('dashboard.allLowStock')}
            </Link>
            <Link
              to={adminPaths.productsMatching({ stock: 'out' })}
              className="inline-flex min-h-11 items-center font-medium text-brand underline"
            >
              {t('dashboard.allSoldOut')}
            </Link>
          </p>
        </>
      )}
    </Panel>
  );
}
