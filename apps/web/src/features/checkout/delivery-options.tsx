import { useTranslation } from 'react-i18next';
import { textIn } from '@souq/contracts/languages';
import type { Quote } from '@souq/contracts/orders';
import { DeliveryWindow } from '../../components/ui/shipping-method';
import { Money } from '../../components/ui/price';

/**
 * The methods that deliver to the address typed so far, with price and arrival, one chosen; or,
 * before any payment, that nobody delivers there. The server priced each one for this cart.
 */
export function DeliveryOptions({
  quote,
  chosen,
  onChoose,
  countryName,
}: {
  quote: Quote;
  chosen: number | null;
  onChoose: (id: number) => void;
  countryName: string;
}) {
  const { t, i18n } = useTranslation();
  if (quote.delivery === 'not_deliverable') {
    return (
      <p role="alert" className="rounded border border-brand p-4 text-brand">
        {t('checkout.notDeliverable', { country: countryName })}
      </p>
    );
  }
  if (quote.shippingOptions.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-medium">{t('checkout.deliveryMethod')}</legend>
      {quote.shippingOptions.map((option) => (
        <label
          key={option.id}
          className="flex min-h-11 cursor-pointer items-center gap-3 rounded border border-neutral-300 p-3 has-[:checked]:border-neutral-900"
        >
          <input
            type="radio"
            name="shippingMethod"
            value={option.id}
            checked={chosen === option.id}
            onChange={() => onChoose(option.id)}
            className="size-5 shrink-0 accent-neutral-900"
          />
          <span className="flex grow flex-col">
            <span className="font-medium">{textIn(option.name, i18n.language)}</span>
            <span className="text-sm text-muted">
              <DeliveryWindow minDays={option.minDays} maxDays={option.maxDays} />
              {option.cashOnDelivery && option.cashOnDeliveryFee > 0 && (
                <>
                  {' · '}
                  {t('checkout.cashOnDeliveryFee')}{' '}
                  <Money amount={option.cashOnDeliveryFee} currency={quote.currency} />
                </>
              )}
              {!option.cashOnDelivery && <> · {t('checkout.noCashOnDelivery')}</>}
            </span>
          </span>
          <span className="font-medium">
            {option.price === 0 ? (
              t('totals.free')
            ) : (
              <Money amount={option.price} currency={quote.currency} />
            )}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
