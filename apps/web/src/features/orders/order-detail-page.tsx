import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { apiErrorMessage, isNotFound } from '../../lib/api-error';
import { useCancelOrderMutation, useGetOrderQuery } from '../../lib/orders-api';
import { useSignedIn } from '../../lib/session-api';
import { CancelOrder } from './cancel-order';
import { OrderDetails } from './order-details';
import { SignInToSee } from './sign-in-to-see';
import { paths } from '../../lib/paths';

/** One of the signed-in shopper's orders; a pending one, or one awaiting its payment, can be cancelled here. */
export default function OrderDetailPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : null;
  const signedIn = useSignedIn();
  const order = useGetOrderQuery(id ?? 0, { skip: signedIn !== true || id === null });
  const [cancelOrder, cancelling] = useCancelOrderMutation();

  let body;
  if (signedIn === undefined) {
    body = <p role="status">{t('common.loading')}</p>;
  } else if (!signedIn) {
    body = <SignInToSee />;
  } else if (id === null || isNotFound(order.error)) {
    body = <p role="alert">{t('orders.notFound')}</p>;
  } else if (order.isError) {
    body = (
      <p role="alert" className="text-brand">
        {t('orders.loadFailed')}
      </p>
    );
  } else if (!order.data) {
    body = <p role="status">{t('common.loading')}</p>;
  } else {
    const current = order.data;
    body = (
      <>
        <OrderDetails order={current} invoiceLink={{ to: paths.myOrderInvoice(current.id) }} />
        {(current.status === 'pending' || current.status === 'awaiting_payment') && (
          <CancelOrder onCancel={() => cancelOrder(current.id)} cancelling={cancelling.isLoading} />
        )}
        {cancelling.isError && (
          <p role="alert" className="text-brand">
            {apiErrorMessage(t, cancelling.error)}
          </p>
        )}
      </>
    );
  }

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-12">
      <Link to={paths.myOrders} className="text-sm text-brand hover:underline">
        {t('orders.backToOrders')}
      </Link>
      <h1 className="text-3xl font-semibold">{t('orders.detailTitle')}</h1>
      {body}
    </div>
  );
}
