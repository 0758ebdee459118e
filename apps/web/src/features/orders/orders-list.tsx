import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Order } from '@souq/contracts/orders';
import { primaryLinkClass } from '../../components/ui/button';
import { OrdersTable } from '../../components/ui/orders-table';
import { useGetOrdersQuery } from '../../lib/orders-api';
import { useSignedIn } from '../../lib/session-api';
import { SignInToSee } from './sign-in-to-see';
import { paths } from '../../lib/paths';

/** The signed-in shopper's orders, newest first; `only` narrows to one status. */
export function OrdersList({ title, only }: { title: string; only?: Order['status'] }) {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const orders = useGetOrdersQuery(undefined, { skip: signedIn !== true });
  const items = (orders.data?.items ?? []).filter((o) => !only || o.status === only);

  let body;
  if (signedIn === undefined) {
    body = <p role="status">{t('common.loading')}</p>;
  } else if (!signedIn) {
    body = <SignInToSee />;
  } else if (orders.isError) {
    body = (
      <p role="alert" className="text-brand">
        {t('orders.loadFailed')}
      </p>
    );
  } else if (!orders.data) {
    body = <p role="status">{t('common.loading')}</p>;
  } else if (items.length === 0) {
    body = (
      <div className="flex flex-col items-start gap-6">
        <p className="text-muted">{only ? t('orders.noCancellations') : t('orders.none')}</p>
        <Link to={paths.products} className={primaryLinkClass}>
          {t('orders.startShopping')}
        </Link>
      </div>
    );
  } else {
    body = <OrdersTable orders={items} />;
  }

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-12">
      <h1 className="text-3xl font-semibold">{title}</h1>
      {body}
      {signedIn && (
        <Link
          to={only ? paths.myOrders : paths.myCancellations}
          className="self-start text-brand hover:underline"
        >
          {only ? t('orders.myOrders') : t('orders.myCancellations')}
        </Link>
      )}
    </div>
  );
}
