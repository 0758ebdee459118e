import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { primaryLinkClass } from '../../components/ui/button';
import { AccountCard } from './account-card';

/**
 * My Orders. The order history belongs to checkout and orders (GET /api/orders); until that
 * lands this section says there are none and points to the shop.
 */
export function OrdersSection() {
  const { t } = useTranslation();
  return (
    <AccountCard id="orders" title={t('account.orders.title')}>
      <div className="flex flex-col items-start gap-4">
        <p className="text-muted">{t('account.orders.none')}</p>
        <Link to="/productS" className={primaryLinkClass}>
          {t('account.orders.shop')}
        </Link>
      </div>
    </AccountCard>
  );
}
