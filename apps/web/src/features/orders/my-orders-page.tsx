import { useTranslation } from 'react-i18next';
import { OrdersList } from './orders-list';

export default function MyOrdersPage() {
  const { t } = useTranslation();
  return <OrdersList title={t('orders.myOrders')} />;
}
