import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { orderSchema } from '@souq/contracts/orders';
import { primaryLinkClass } from '../../components/ui/button';
import { OrderDetails } from './order-details';
import { paths } from '../../lib/paths';

/** Shown after Place Order, with the order the checkout handed over. */
export default function OrderConfirmationPage() {
  const { t } = useTranslation();
  const { number = '' } = useParams();
  const location = useLocation();
  const state = location.state as { order?: unknown; addressNotSaved?: unknown } | null;
  const handedOver = orderSchema.safeParse(state?.order);
  const order = handedOver.success && handedOver.data.number === number ? handedOver.data : null;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-12">
      <h1 className="text-3xl font-semibold">{t('orders.confirmation.title')}</h1>
      <p role="status" className="text-lg">
        {t('orders.confirmation.placed', { number })}
      </p>
      {order && state?.addressNotSaved === true && (
        <p role="alert" className="rounded border border-brand px-4 py-3">
          {t('orders.confirmation.addressNotSaved')}{' '}
          <Link to={paths.addressBook} className="underline underline-offset-4">
            {t('orders.confirmation.addressBook')}
          </Link>
        </p>
      )}
      {order ? (
        <>
          <p className="text-muted">
            {t('orders.confirmation.keepNumber', { email: order.email })}
          </p>
          {/* The invoice opens as the look-up's does: the number and email are all it needs. */}
          <OrderDetails
            order={order}
            invoiceLink={{
              to: paths.guestInvoice,
              state: { number: order.number, email: order.email },
            }}
          />
        </>
      ) : (
        <p className="text-muted">{t('orders.confirmation.lookUpHint')}</p>
      )}
      <div className="flex flex-wrap gap-4">
        <Link to={paths.products} className={primaryLinkClass}>
          {t('orders.confirmation.continue')}
        </Link>
        <Link
          to={`/orders/lookup?number=${encodeURIComponent(number)}`}
          className="rounded border border-neutral-400 px-8 py-3 text-sm font-medium"
        >
          {t('orders.lookup.title')}
        </Link>
      </div>
    </div>
  );
}
