import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { addressFieldsSchema } from '@souq/contracts/addresses';
import { defaultLanguage, isLanguage, languageOf } from '@souq/contracts/languages';
import { couponCodeSchema, type PlaceOrderInput } from '@souq/contracts/orders';
import { Button, primaryLinkClass } from '../../components/ui/button';
import { AddressFields } from '../../components/ui/address-fields';
import { CouponMessage, OrderTotals } from '../../components/ui/order-totals';
import { Money } from '../../components/ui/price';
import { apiErrorMessage, readApiError } from '../../lib/api-error';
import { countryName } from '../../lib/country-names';
import { useShopSettings } from '../../lib/shop-settings';
import { useSettled } from '../../lib/use-settled';
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
import { DeliveryOptions } from './delivery-options';
import { useInstalledApp } from '../../lib/installed-app';

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
  // In the installed app a new customer's first order has the app offer, until the server says
  // this customer had a first-order discount already (its check knows more than the quote's).
  const inInstalledApp = useInstalledApp();
  const [appOfferRefused, setAppOfferRefused] = useState(false);

  const shopCountry = useShopSettings().address.country;
  const form = useForm<CheckoutFormInput, unknown, CheckoutForm>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: emptyCheckoutForm(shopCountry),
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setError, reset, control } = form;
  const [email, country, region, city, paymentMethod] = useWatch({
    control,
    name: ['email', 'country', 'region', 'city', 'paymentMethod'],
  });
  const validEmail = addressFieldsSchema.shape.email.safeParse(email);
  const [shippingMethodId, setShippingMethodId] = useState<number>();
  // The place is quoted once the shopper pauses typing, not at every key.
  const typedPlace = useMemo(
    () => ({
      country,
      ...(region?.trim() ? { region: region.trim() } : {}),
      ...(city.trim() ? { city: city.trim() } : {}),
    }),
    [country, region, city],
  );
  const place = useSettled(typedPlace);

  // Signed-in shoppers start from their default address.
  const addresses = useGetAddressesQuery(undefined, { skip: !signedIn });
  const defaultAddress = addresses.data?.items.find((a) => a.isDefault);
  useEffect(() => {
    if (!defaultAddress || formState.isDirty) return;
    reset({ ...emptyCheckoutForm(shopCountry), ...addressFieldsSchema.parse(defaultAddress) });
  }, [defaultAddress, formState.isDirty, reset, shopCountry]);

  const lines = cartOrderLines(items);
  // A row whose variant the shopper has still to choose is settled in the cart, not here.
  const variantToChoose = items.some((item) => !item.variant);
  const quote = useQuoteQuery(
    {
      lines,
      ...(couponCode ? { couponCode } : {}),
      ...(validEmail.success ? { email: validEmail.data } : {}),
      address: place,
      ...(shippingMethodId ? { shippingMethodId } : {}),
      paymentMethod,
      ...(inInstalledApp && !appOfferRefused ? { channel: 'installed_app' as const } : {}),
    },
    { skip: lines.length === 0, refetchOnMountOrArgChange: true },
  );

  // The shopper's choice shows at once; until it is offered (or after it no longer is) the
  // quote's own choice stands.
  const options = quote.data?.shippingOptions ?? [];
  const chosenOption =
    options.find((o) => o.id === shippingMethodId) ??
    options.find((o) => o.id === quote.data?.shippingMethodId);

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
      ...(chosenOption ? { shippingMethodId: chosenOption.id } : {}),
      ...(couponCode && quote.data?.coupon?.applied ? { couponCode } : {}),
      // Asked for only when the summary shows it, so the total placed is the total shown.
      ...(quote.data?.appOffer ? { channel: 'installed_app' as const } : {}),
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
      if (name in emptyCheckoutForm(shopCountry))
        setError(name as FieldPath<CheckoutFormInput>, { type: 'server' });
    }
    setFormError(apiErrorMessage(t, result.error));
    if (problem.code === 'app_offer_used') setAppOfferRefused(true);
    else void quote.refetch();
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
          <AddressFields
            idPrefix="billing"
            textKey="checkout"
            country={country}
            field={(name) => register(name)}
            errors={formState.errors}
          />
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

          {quote.data && (
            <DeliveryOptions
              quote={quote.data}
              chosen={chosenOption?.id ?? null}
              onChoose={setShippingMethodId}
              countryName={countryName(country, languageOf(i18n.language).intlLocale)}
            />
          )}

          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 font-medium">{t('checkout.paymentMethod')}</legend>
            <label className="flex min-h-11 items-center gap-3">
              <input
                type="radio"
                value="bank_transfer"
                className="size-5 accent-neutral-900"
                {...register('paymentMethod')}
              />
              {t('checkout.bankTransfer')}
            </label>
            <label className="flex min-h-11 items-center gap-3">
              <input
                type="radio"
                value="cash_on_delivery"
                disabled={chosenOption?.cashOnDelivery === false}
                aria-describedby={
                  chosenOption?.cashOnDelivery === false ? 'no-cash-on-delivery' : undefined
                }
                className="size-5 accent-neutral-900"
                {...register('paymentMethod')}
              />
              {t('checkout.cashOnDelivery')}
            </label>
            {chosenOption?.cashOnDelivery === false && (
              <p id="no-cash-on-delivery" className="text-sm text-muted">
                {t('checkout.noCashOnDelivery')}
              </p>
            )}
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
          <Button
            type="submit"
            disabled={
              placing.isLoading ||
              redirecting ||
              quote.data?.delivery === 'not_deliverable' ||
              // The delivery options shown are those of the address as typed, not an earlier one.
              place !== typedPlace ||
              quote.isFetching
            }
            className="w-fit"
          >
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
