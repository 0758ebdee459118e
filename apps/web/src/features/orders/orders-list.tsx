import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Order } from '@souq/contracts/orders';
import { primaryLinkClass } from '../../components/ui/button';
import { OrdersTable } from '../../components/ui/orders-table';
import { useGetOrdersQuery } from '../../lib/orders-api';
import { useSignedIn } from '../../lib/session-api';

/** The signed-in shopper's orders, newest first; `only` narrows to one status. */
export function OrdersList({ title, only }: { title: string; only?: Order['status'] }) {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const { pathname } = useLocation();
  const orders = useGetOrdersQuery(undefined, { skip: signedIn !== true });
  const items = (orders.data?.items ?? []).filter((o) => !only || o.status === only);

  let body;
  if (signedIn === undefined) {
    body = <p role="status">{t('common.loading')}</p>;
  } else if (!signedIn) {
    body = (
      <div className="flex flex-col items-start gap-4">
        <p className="text-muted">{t('orders.signInToSee')}</p>
        <Link to={`/login?next=${encodeURIComponent(pathname)}`} className={primaryLinkClass}>
          {t('orders.signIn')}
        </Link>
      </div>
    );
  } else if (orders.isError) {
    body = (
      <p role="alert" className="text-brand">
        {t('orders.loadFailed')}
      </p>
    );
  } else if (!orders.data) {
    body = <p role="status">{t('common.loading')}</p>;
  } else if (items.length === 0) {
    body = <p className="text-muted">{only ? t('orders.noCancellations') : t('orders.none')}</p>;
  } else {
    body = <OrdersTable orders={items} />;
  }

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-12">
      <h1 className="text-3xl font-semibold">{title}</h1>
      {body}
      {signedIn && (
        <Link
          to={only ? '/account/orders' : '/account/cancellations'}
          className="self-start text-brand hover:underline"
        >
          {only ? t('orders.myOrders') : t('orders.myCancellations')}
        </Link>
      )}
    </div>
  );
}
