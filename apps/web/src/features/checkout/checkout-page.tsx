import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { addressInputSchema } from '@souq/contracts/addresses';
import { defaultLanguage, isLanguage } from '@souq/contracts/languages';
import { couponCodeSchema, type PlaceOrderInput } from '@souq/contracts/orders';
import { Button, primaryLinkClass } from '../../components/ui/button';
import { fieldAria, FormField } from '../../components/ui/form-field';
import { CouponMessage, OrderTotals } from '../../components/ui/order-totals';
import { Money } from '../../components/ui/price';
import { apiErrorMessage, readApiError } from '../../lib/api-error';
import { fieldRuleMessage } from '../../lib/field-message';
import { localized } from '../../lib/localized';
import { useGetAddressesQuery } from '../../lib/addresses-api';
import { usePaymentMethodsQuery, usePlaceOrderMutation, useQuoteQuery } from '../../lib/orders-api';
import { cartOrderLines, clearCart, selectCartItems } from '../../store/cart-slice';
import { VariantLabel } from '../../components/ui/variant-label';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import {
  checkoutFormSchema,
  emptyCheckoutForm,
  keyFor,
  saveAttempt,
  savedAttempt,
  type CheckoutForm,
  type CheckoutFormInput,
} from './checkout-form';
import { paths } from '../../lib/paths';

const billingFields = [
  ['firstName', true, 'given-name'],
  ['companyName', false, 'organization'],
  ['streetAddress', true, 'address-line1'],
  ['apartment', false, 'address-line2'],
  ['city', true, 'address-level2'],
  ['phone', true, 'tel'],
  ['email', true, 'email'],
] as const;

export default function CheckoutPage() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const items = useAppSelector(selectCartItems);
  const signedIn = useAppSelector((state) => state.ui.user);
  const [couponInput, setCouponInput] = useState(searchParams.get('coupon') ?? '');
  const [couponCode, setCouponCode] = useState(() => {
    const parsed = couponCodeSchema.safeParse(searchParams.get('coupon') ?? '');
    return parsed.success ? parsed.data.toUpperCase() : undefined;
  });
  const [formError, setFormError] = useState<string | null>(null);
  const attempt = useRef(savedAttempt());
  const [placeOrder, placing] = usePlaceOrderMutation();
  const [redirecting, setRedirecting] = useState(false);
  const offersCard = usePaymentMethodsQuery(undefined).data?.card ?? false;

  const form = useForm<CheckoutFormInput, unknown, CheckoutForm>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: emptyCheckoutForm,
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setError, reset, control } = form;
  const email = useWatch({ control, name: 'email' });
  const validEmail = checkoutFormSchema.shape.email.safeParse(email);

  // Signed-in shoppers start from their default address.
  const addresses = useGetAddressesQuery(undefined, { skip: !signedIn });
  const defaultAddress = addresses.data?.items.find((a) => a.isDefault);
  useEffect(() => {
    if (!defaultAddress || formState.isDirty) return;
    reset({ ...emptyCheckoutForm, ...addressInputSchema.parse(defaultAddress) });
  }, [defaultAddress, formState.isDirty, reset]);

  const lines = cartOrderLines(items);
  // A row whose variant the shopper has still to choose is settled in the cart, not here.
  const variantToChoose = items.some((item) => !item.variant);
  const quote = useQuoteQuery(
    {
      lines,
      ...(couponCode ? { couponCode } : {}),
      ...(validEmail.success ? { email: validEmail.data } : {}),
    },
    { skip: lines.length === 0, refetchOnMountOrArgChange: true },
  );

  if (items.length === 0) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-20 text-center">
        <h1 className="text-3xl font-semibold">{t('checkout.title')}</h1>
        <p className="text-muted">{t('checkout.emptyCart')}</p>
        <Link to={paths.products} className={primaryLinkClass}>
          {t('cart.returnToShop')}
        </Link>
      </div>
    );
  }

  async function submit(values: CheckoutForm) {
    if (variantToChoose) {
      setFormError(t('checkout.fixCart'));
      return;
    }
    setFormError(null);
    const { paymentMethod, saveInfo, ...billing } = values;
    const order: PlaceOrderInput = {
      lines,
      billing,
      paymentMethod,
      ...(couponCode && quote.data?.coupon?.applied ? { couponCode } : {}),
      ...(signedIn && saveInfo ? { saveAddress: true } : {}),
      // The order's mails are written in the language the shopper is using.
      locale: isLanguage(i18n.language) ? i18n.language : defaultLanguage,
    };
    attempt.current = keyFor(attempt.current, JSON.stringify(order));
    const result = await placeOrder({ order, idempotencyKey: attempt.current.key });
    if ('data' in result && result.data?.paymentRedirectUrl) {
      // The cart stays until the payment is made; the key stays for a shopper who comes back.
      saveAttempt(attempt.current);
      setRedirecting(true);
      window.location.assign(result.data.paymentRedirectUrl);
      return;
    }
    if ('data' in result && result.data) {
      // The server adds the address unless the book holds it already, and says when it could not.
      const addressNotSaved = result.data.addressBook?.saved === false;
      attempt.current = null;
      saveAttempt(null);
      dispatch(clearCart());
      // The order stands either way; the confirmation says when the address was not kept.
      await navigate(paths.orderConfirmation(result.data.number), {
        state: { order: result.data, addressNotSaved },
        replace: true,
      });
      return;
    }
    const problem = readApiError(result.error);
    if (!problem.code) {
      setFormError(t('checkout.failed'));
      return;
    }
    // Field messages are worded per field by the form; the server's only mark which ones.
    for (const path of Object.keys(problem.fields)) {
      const name = path.replace(/^billing\./, '');
      if (name in emptyCheckoutForm)
        setError(name as FieldPath<CheckoutFormInput>, { type: 'server' });
    }
    setFormError(apiErrorMessage(t, result.error));
    void quote.refetch();
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-10 text-3xl font-semibold">{t('checkout.billingDetails')}</h1>
      <form
        onSubmit={(event) => void handleSubmit(submit)(event)}
        noValidate
        className="grid gap-12 lg:grid-cols-2"
      >
        <fieldset className="flex max-w-md flex-col gap-3">
          <legend className="sr-only">{t('checkout.billingDetails')}</legend>
          {billingFields.map(([name, required, autoComplete]) => {
            // The contract's messages are English; each field's message is translated here.
            const error = fieldRuleMessage(t, formState.errors[name], `checkout.errors.${name}`);
            return (
              <FormField
                key={name}
                id={`billing-${name}`}
                label={t(`checkout.fields.${name}`)}
                required={required}
                error={error}
              >
                <input
                  {...fieldAria(`billing-${name}`, error)}
                  type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
                  autoComplete={autoComplete}
                  aria-required={required}
                  className="rounded bg-surface px-4 py-3"
                  {...register(name)}
                />
              </FormField>
            );
          })}
          {signedIn && (
            <label className="flex items-center gap-3">
              <input type="checkbox" className="size-5 accent-brand" {...register('saveInfo')} />
              {t('checkout.saveInfo')}
            </label>
          )}
        </fieldset>

        <section aria-labelledby="order-summary" className="flex max-w-lg flex-col gap-6">
          <h2 id="order-summary" className="sr-only">
            {t('checkout.summary')}
          </h2>
          <ul className="flex flex-col gap-4">
            {(quote.data?.lines ?? []).map((line) => (
              <li
                key={`${line.productId}:${line.variant?.id ?? ''}`}
                className="flex items-center justify-between gap-4"
              >
                <span className="flex items-center gap-4">
                  {line.product && (
                    <img
                      src={line.product.image}
                      alt=""
                      width={54}
                      height={54}
                      className="size-14 object-contain"
                    />
                  )}
                  <span className="flex flex-col gap-1">
                    {t('checkout.lineName', {
                      name: line.product
                        ? localized(line.product, 'name', i18n.language)
                        : t('checkout.unavailable'),
                      quantity: line.quantity,
                    })}
                    <VariantLabel variant={line.variant} />
                  </span>
                </span>
                {quote.data && <Money amount={line.lineTotal} currency={quote.data.currency} />}
              </li>
            ))}
          </ul>
          {lines.length === 0 ? null : quote.data ? (
            <OrderTotals totals={quote.data} />
          ) : (
            <p role="status">{t('common.loading')}</p>
          )}
          {(variantToChoose || quote.data?.lines.some((l) => l.status !== 'ok')) && (
            <p role="alert" className="text-brand">
              {t('checkout.fixCart')}{' '}
              <Link to={paths.cart} className="underline">
                {t('checkout.backToCart')}
              </Link>
            </p>
          )}

          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 font-medium">{t('checkout.paymentMethod')}</legend>
            <label className="flex items-center gap-3">
              <input
                type="radio"
                value="bank_transfer"
                className="size-5 accent-neutral-900"
                {...register('paymentMethod')}
              />
              {t('checkout.bankTransfer')}
            </label>
            <label className="flex items-center gap-3">
              <input
                type="radio"
                value="cash_on_delivery"
                className="size-5 accent-neutral-900"
                {...register('paymentMethod')}
              />
              {t('checkout.cashOnDelivery')}
            </label>
            {offersCard && (
              <label className="flex min-h-11 items-center gap-3">
                <input
                  type="radio"
                  value="card"
                  className="size-5 accent-neutral-900"
                  {...register('paymentMethod')}
                />
                <span className="flex flex-col">
                  {t('checkout.card')}
                  <span className="text-sm text-muted">{t('checkout.cardHint')}</span>
                </span>
              </label>
            )}
          </fieldset>

          <div className="flex flex-col gap-2">
            <div className="flex flex-wrap gap-4">
              <label>
                <span className="sr-only">{t('cart.couponCode')}</span>
                <input
                  value={couponInput}
                  onChange={(event) => setCouponInput(event.target.value)}
                  placeholder={t('cart.couponCode')}
                  className="w-56 rounded border border-neutral-900 px-4 py-3"
                />
              </label>
              <Button
                onClick={() => {
                  const parsed = couponCodeSchema.safeParse(couponInput);
                  setCouponCode(parsed.success ? parsed.data.toUpperCase() : undefined);
                }}
              >
                {t('cart.applyCoupon')}
              </Button>
            </div>
            {quote.data?.coupon && (
              <CouponMessage
                coupon={quote.data.coupon}
                onRemove={() => {
                  setCouponCode(undefined);
                  setCouponInput('');
                }}
              />
            )}
          </div>

          {formError && (
            <p role="alert" className="text-brand">
              {formError}
            </p>
          )}
          <Button type="submit" disabled={placing.isLoading || redirecting} className="w-fit">
            {redirecting
              ? t('checkout.toPayment')
              : placing.isLoading
                ? t('checkout.placing')
                : t('checkout.placeOrder')}
          </Button>
        </section>
      </form>
    </div>
  );
}
