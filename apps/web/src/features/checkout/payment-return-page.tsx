import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { defaultLanguage, isLanguage } from '@souq/contracts/languages';
import { Button, primaryLinkClass } from '../../components/ui/button';
import { apiErrorMessage } from '../../lib/api-error';
import {
  useCancelPaymentMutation,
  usePaymentStateQuery,
  useRetryPaymentMutation,
} from '../../lib/orders-api';
import { paths } from '../../lib/paths';
import { clearCart } from '../../store/cart-slice';
import { useAppDispatch } from '../../store/hooks';
import { saveAttempt } from './checkout-form';
import { dateFormat } from '../../lib/date-format';

/** How often a payment still being confirmed is asked about again. */
const CONFIRMING_POLL_MS = 2000;

/**
 * Where the card provider sends the shopper back, paid or not: says which, and while the order's
 * stock is still held offers another try at the same order.
 */
export default function PaymentReturnPage() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { token = '' } = useParams();
  const state = usePaymentStateQuery(token);
  const status = state.data?.status;
  // Asked again only while the provider has not said how it ended.
  usePaymentStateQuery(token, {
    pollingInterval: status === 'pending' ? CONFIRMING_POLL_MS : 0,
    skip: status !== 'pending',
  });
  const [retry, retrying] = useRetryPaymentMutation();
  const [cancelPayment, cancelling] = useCancelPaymentMutation();
  const cancelled = cancelling.data?.orderStatus === 'cancelled';
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const paid = status === 'paid' || status === 'partially_refunded';

  useEffect(() => {
    // Only a paid order empties the cart; an unpaid one leaves it for another try.
    if (!paid) return;
    dispatch(clearCart());
    saveAttempt(null);
  }, [paid, dispatch]);

  async function tryAgain() {
    const locale = isLanguage(i18n.language) ? i18n.language : defaultLanguage;
    const result = await retry({ token, locale });
    if ('data' in result && result.data) window.location.assign(result.data.redirectUrl);
  }

  const order = state.data?.orderNumber ?? '';
  let title = t('checkout.payment.checking');
  let message: string | null = null;
  if (state.isError) title = t('checkout.payment.notFound');
  else if (cancelled) {
    title = t('checkout.payment.cancelledTitle');
    message = t('checkout.payment.cancelled', { number: order });
  } else if (paid) {
    title = t('checkout.payment.paidTitle');
    message = t('checkout.payment.paid', { number: order });
  } else if (status === 'pending') {
    title = t('checkout.payment.confirmingTitle');
    message = t('checkout.payment.confirming');
  } else if (status === 'refunded') {
    title = t('checkout.payment.refundedTitle');
    message = t('checkout.payment.refunded', { number: order });
  } else if (state.data?.canRetry && state.data.holdUntil) {
    title = t('checkout.payment.failedTitle');
    message = t('checkout.payment.failed', {
      time: dateFormat(i18n.language, { timeStyle: 'short' }).format(
        new Date(state.data.holdUntil),
      ),
    });
  } else if (state.data) {
    title = t('checkout.payment.closedTitle');
    message = t('checkout.payment.closed');
  }

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-16">
      <h1 className="text-3xl font-semibold">{title}</h1>
      {message && (
        <p role="status" className="text-lg">
          {message}
        </p>
      )}
      {(retrying.error ?? cancelling.error) && (
        <p role="alert" className="text-brand">
          {apiErrorMessage(t, retrying.error ?? cancelling.error)}
        </p>
      )}
      <div className="flex flex-wrap gap-4">
        {state.data?.canRetry && !paid && status !== 'pending' && (
          <Button onClick={() => void tryAgain()} disabled={retrying.isLoading}>
            {retrying.isLoading ? t('checkout.toPayment') : t('checkout.payment.tryAgain')}
          </Button>
        )}
        {state.data?.canRetry &&
          !paid &&
          !cancelled &&
          (confirmingCancel ? (
            <>
              <p className="w-full">{t('orders.cancelConfirm')}</p>
              <Button
                variant="outline"
                disabled={cancelling.isLoading}
                onClick={() => void cancelPayment(token)}
              >
                {t('orders.cancelYes')}
              </Button>
              <Button variant="outline" onClick={() => setConfirmingCancel(false)}>
                {t('orders.cancelNo')}
              </Button>
            </>
          ) : (
            <Button variant="outline" onClick={() => setConfirmingCancel(true)}>
              {t('checkout.payment.cancel')}
            </Button>
          ))}
        {paid ? (
          <Link to={paths.orderLookup} className={primaryLinkClass}>
            {t('checkout.payment.followOrder')}
          </Link>
        ) : (
          state.data &&
          (cancelled || !state.data.canRetry) &&
          status !== 'pending' && (
            <Link to={paths.cart} className={primaryLinkClass}>
              {t('checkout.backToCart')}
            </Link>
          )
        )}
      </div>
    </div>
  );
}
