import { Link, useSearchParams } from 'react-router';
import { couponStates, type AdminCoupon, type CouponState } from '@souq/contracts/admin-marketing';
import { primaryLinkClass } from '../../../components/ui/button';
import { Money } from '../../../components/ui/price';
import { useAdminTranslation } from '../shared/admin-i18n';
import { StatusBadge } from '../shared/status-badge';
import { adminPaths } from '../shared/admin-paths';
import { ListSearch, pageParam, withPage } from '../shared/list-parts';
import { useGetCouponsQuery } from './marketing-api';
import { LoadError, Loading, PageHeading, Pager, useDateFormat } from '../shared/page-parts';
import { useShopCurrency } from '../shared/admin-api';

const isCouponState = (value: string | null): value is CouponState =>
  (couponStates as readonly (string | null)[]).includes(value);

/** Coupons, newest first, searched by code and filtered by state (worked out by the server). */
export function CouponsPage() {
  const { t } = useAdminTranslation();
  const [params] = useSearchParams();
  const state = params.get('state');
  const page = pageParam(params);
  const coupons = useGetCouponsQuery(
    { q: params.get('q') ?? undefined, state: isCouponState(state) ? state : undefined, page },
    { refetchOnMountOrArgChange: true },
  );
  return (
    <>
      <PageHeading title={t('coupons.title')}>
        <Link to={adminPaths.newCoupon} className={`${primaryLinkClass} ms-auto min-h-11`}>
          {t('coupons.new')}
        </Link>
      </PageHeading>
      <ListSearch
        label={t('coupons.searchLabel')}
        searchLabel={t('coupons.code')}
        hint={t('coupons.searchHint')}
        states={couponStates.map((s) => ({ value: s, label: t(`couponState.${s}`) }))}
        stateLabel={t('coupons.state')}
        anyState={t('coupons.anyState')}
        clearTo={adminPaths.coupons}
      />
      {coupons.error ? (
        <LoadError error={coupons.error} onRetry={() => void coupons.refetch()} />
      ) : !coupons.data ? (
        <Loading />
      ) : coupons.data.items.length === 0 ? (
        <p className="rounded bg-white p-6 text-muted">{t('coupons.none')}</p>
      ) : (
        <div aria-busy={coupons.isFetching}>
          <ul className="flex flex-col gap-3">
            {coupons.data.items.map((coupon) => (
              <CouponRow key={coupon.id} coupon={coupon} />
            ))}
          </ul>
          <Pager
            page={page}
            hasMore={page * coupons.data.pageSize < coupons.data.total}
            hrefFor={(n) => withPage(adminPaths.coupons, params, n)}
            summary={t('marketing.found', { count: coupons.data.total })}
          />
        </div>
      )}
    </>
  );
}

/** What a coupon takes off, as a shopper would read it. */
export function CouponTerms({
  coupon,
}: {
  coupon: Pick<AdminCoupon, 'kind' | 'amount' | 'minSubtotal'>;
}) {
  const { t } = useAdminTranslation();
  const currency = useShopCurrency();
  return (
    <span>
      {coupon.kind === 'percent' ? (
        t('coupons.percentOff', { amount: coupon.amount })
      ) : (
        <>
          <Money amount={coupon.amount} currency={currency} /> {t('coupons.off')}
        </>
      )}
      {coupon.minSubtotal > 0 && (
        <>
          {' · '}
          {t('coupons.minimum')} <Money amount={coupon.minSubtotal} currency={currency} />
        </>
      )}
    </span>
  );
}

/** One coupon as a card: a row on wide screens, stacked on a phone. */
function CouponRow({ coupon }: { coupon: AdminCoupon }) {
  const { t } = useAdminTranslation();
  const { date } = useDateFormat();
  return (
    <li>
      <Link
        to={adminPaths.coupon(coupon.id)}
        className="grid gap-2 rounded bg-white p-4 shadow-sm hover:outline hover:outline-1 hover:outline-brand md:grid-cols-[12rem_1fr_auto_auto] md:items-center md:gap-4"
      >
        <bdi dir="ltr" className="font-mono font-medium text-brand">
          {coupon.code}
        </bdi>
        <span className="text-sm">
          <CouponTerms coupon={coupon} />
          <span className="block text-muted">
            {coupon.startsAt || coupon.endsAt
              ? t('coupons.window', {
                  from: coupon.startsAt ? date(coupon.startsAt) : '…',
                  to: coupon.endsAt ? date(coupon.endsAt) : '…',
                })
              : t('coupons.always')}
          </span>
        </span>
        <span className="text-sm text-muted">
          {coupon.maxUses === null
            ? t('coupons.usesUnlimited', { count: coupon.usesCount })
            : t('coupons.usesOf', { count: coupon.usesCount, max: coupon.maxUses })}
        </span>
        <StatusBadge state={coupon.state}>{t(`couponState.${coupon.state}`)}</StatusBadge>
      </Link>
    </li>
  );
}
