import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { orderLookupSchema } from '@souq/contracts/orders';
import { Button } from '../../components/ui/button';
import { apiErrorMessage, isNotFound } from '../../lib/api-error';
import { useCancelLookedUpOrderMutation, useLookUpOrderMutation } from '../../lib/orders-api';
import { paths } from '../../lib/paths';
import { CancelOrder } from './cancel-order';
import { OrderDetails } from './order-details';

type LookupInput = z.input<typeof orderLookupSchema>;
type Lookup = z.output<typeof orderLookupSchema>;

/** A guest finds an order with its number and the email used at checkout. */
export default function OrderLookupPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [lookUp, result] = useLookUpOrderMutation();
  const { register, handleSubmit, formState } = useForm<LookupInput, unknown, Lookup>({
    resolver: zodResolver(orderLookupSchema),
    defaultValues: { number: searchParams.get('number') ?? '', email: '' },
  });
  const [cancel, cancelled] = useCancelLookedUpOrderMutation();
  const onSubmit = handleSubmit(async (values) => {
    cancelled.reset();
    await lookUp(values);
  });
  // Once cancelled here, the order as the cancel answered it.
  const order = cancelled.data ?? result.data;
  const lookup = result.originalArgs;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-12">
      <h1 className="text-3xl font-semibold">{t('orders.lookup.title')}</h1>
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        className="flex max-w-md flex-col gap-4"
      >
        {(['number', 'email'] as const).map((name) => (
          <div key={name} className="flex flex-col gap-2">
            <label htmlFor={`lookup-${name}`} className="text-muted">
              {t(`orders.lookup.${name}`)}
            </label>
            <input
              id={`lookup-${name}`}
              type={name === 'email' ? 'email' : 'text'}
              aria-invalid={formState.errors[name] ? true : undefined}
              aria-describedby={formState.errors[name] ? `lookup-${name}-error` : undefined}
              className="rounded bg-surface px-4 py-3"
              {...register(name)}
            />
            {formState.errors[name] && (
              <p id={`lookup-${name}-error`} className="text-sm text-brand">
                {t(`orders.lookup.${name}Error`)}
              </p>
            )}
          </div>
        ))}
        <Button type="submit" disabled={result.isLoading} className="w-fit">
          {t('orders.lookup.submit')}
        </Button>
      </form>
      {result.isError && (
        <p role="alert" className="text-brand">
          {isNotFound(result.error) ? t('orders.lookup.notFound') : t('orders.loadFailed')}
        </p>
      )}
      {order && (
        <OrderDetails
          order={order}
          invoiceLink={{ to: paths.guestInvoice, state: result.originalArgs }}
        />
      )}
      {order?.status === 'awaiting_payment' && lookup && (
        // As from My Orders or the payment's return page: the hold ends, the stock goes back.
        <CancelOrder onCancel={() => cancel(lookup)} cancelling={cancelled.isLoading} />
      )}
      {cancelled.data && (
        <p role="status" className="font-medium">
          {t('orders.lookup.cancelled', { number: cancelled.data.number })}
        </p>
      )}
      {cancelled.isError && (
        <p role="alert" className="text-brand">
          {apiErrorMessage(t, cancelled.error)}
        </p>
      )}
    </div>
  );
}
