import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { primaryLinkClass } from '../../components/ui/button';
import { OrdersTable } from '../../components/ui/orders-table';
import { useGetOrdersQuery } from '../../lib/orders-api';
import { AccountCard } from './account-card';
import { paths } from '../../lib/paths';

/** The account page shows the latest few; the full history is on /account/orders. */
const RECENT_ORDERS = 5;

/** My Orders: the shopper's latest orders, with links to all orders and to cancellations. */
export function OrdersSection() {
  const { t } = useTranslation();
  const orders = useGetOrdersQuery({ limit: RECENT_ORDERS }, { refetchOnMountOrArgChange: true });
  const items = orders.data?.items ?? [];

  let body;
  if (orders.isError) {
    body = (
      <p role="alert" className="text-brand">
        {t('orders.loadFailed')}
      </p>
    );
  } else if (!orders.data) {
    body = <p role="status">{t('common.loading')}</p>;
  } else if (items.length === 0) {
    body = (
      <div className="flex flex-col items-start gap-4">
        <p className="text-muted">{t('account.orders.none')}</p>
        <Link to={paths.products} className={primaryLinkClass}>
          {t('account.orders.shop')}
        </Link>
      </div>
    );
  } else {
    body = <OrdersTable orders={items} />;
  }

  return (
    <AccountCard id="orders" title={t('account.orders.title')}>
      <div className="flex flex-col gap-6">
        {body}
        <nav aria-label={t('account.orders.more')} className="flex flex-wrap gap-x-8 gap-y-2">
          <Link to={paths.myOrders} className="text-brand hover:underline">
            {t('account.orders.all')}
          </Link>
          <Link to={paths.myCancellations} className="text-brand hover:underline">
            {t('account.orders.cancellations')}
          </Link>
        </nav>
      </div>
    </AccountCard>
  );
}
