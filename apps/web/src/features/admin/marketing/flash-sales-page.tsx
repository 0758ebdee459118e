import { Link } from 'react-router';
import type { AdminFlashSale } from '@souq/contracts/admin-marketing';
import { primaryLinkClass } from '../../../components/ui/button';
import { useAdminTranslation } from '../shared/admin-i18n';
import { StatusBadge } from '../shared/status-badge';
import { adminPaths } from '../shared/admin-paths';
import { SHOP_TIME_ZONE } from '../shared/list-parts';
import { useGetFlashSalesQuery } from './marketing-api';
import { LoadError, Loading, PageHeading, useDateFormat } from '../shared/page-parts';

/** Flash sales: running first, then scheduled by start, then the ended ones. */
export function FlashSalesPage() {
  const { t } = useAdminTranslation();
  const sales = useGetFlashSalesQuery(undefined, { refetchOnMountOrArgChange: true });
  const { dateTime } = useDateFormat();
  return (
    <>
      <PageHeading title={t('flashSales.title')}>
        <Link to={adminPaths.newFlashSale} className={`${primaryLinkClass} ms-auto min-h-11`}>
          {t('flashSales.new')}
        </Link>
      </PageHeading>
      {sales.error ? (
        <LoadError error={sales.error} onRetry={() => void sales.refetch()} />
      ) : !sales.data ? (
        <Loading />
      ) : (
        <>
          <p className="mb-4 text-sm text-muted">
            {t('flashSales.serverTime', {
              time: dateTime(sales.data.serverTime),
              zone: SHOP_TIME_ZONE,
            })}
          </p>
          {sales.data.items.length === 0 ? (
            <p className="rounded bg-white p-6 text-muted">{t('flashSales.none')}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {sales.data.items.map((sale) => (
                <SaleRow key={sale.id} sale={sale} />
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}

function SaleRow({ sale }: { sale: AdminFlashSale }) {
  const { t } = useAdminTranslation();
  const { dateTime } = useDateFormat();
  return (
    <li>
      <Link
        to={adminPaths.flashSale(sale.id)}
        className="flex flex-col gap-3 rounded bg-white p-4 shadow-sm hover:outline hover:outline-1 hover:outline-brand md:flex-row md:items-center md:gap-6"
      >
        <span className="flex flex-1 flex-col gap-1">
          <span className="flex flex-wrap items-center gap-3">
            <bdi className="font-medium text-brand">{sale.name}</bdi>
            <StatusBadge state={sale.state}>{t(`saleState.${sale.state}`)}</StatusBadge>
          </span>
          <span className="text-sm text-muted">
            {t('flashSales.window', { from: dateTime(sale.startsAt), to: dateTime(sale.endsAt) })}
          </span>
        </span>
        <span className="flex items-center gap-2">
          {sale.products.slice(0, 5).map((product) => (
            <img
              key={product.id}
              src={product.image}
              alt=""
              className="h-10 w-10 rounded bg-surface object-contain"
            />
          ))}
          <span className="text-sm text-muted">
            {t('flashSales.productCount', { count: sale.products.length })}
          </span>
        </span>
      </Link>
    </li>
  );
}
