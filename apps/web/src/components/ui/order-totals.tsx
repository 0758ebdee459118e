import { useTranslation } from 'react-i18next';
import type { OrderTotals as Totals, Quote } from '@souq/contracts/orders';
import { moneyInText } from '../../lib/money';
import { Money } from './price';

/**
 * Subtotal, Shipping, Discount, VAT and Total as the server computed them. A quote made before
 * the address is known (the cart) says shipping is worked out at checkout. VAT inside the prices
 * is said below the total ("Includes VAT (15%)"); VAT added to them is a line of its own.
 */
export function OrderTotals({ totals }: { totals: Totals | Quote }) {
  const shippingKnown = !('delivery' in totals) || totals.delivery === 'deliverable';
  const { t } = useTranslation();
  const money = (amount: number) => <Money amount={amount} currency={totals.currency} />;
  const row = 'flex justify-between border-b border-neutral-300 py-3';
  return (
    <dl>
      <div className={row}>
        <dt>{t('totals.subtotal')}</dt>
        <dd>{money(totals.subtotal)}</dd>
      </div>
      <div className={row}>
        <dt>{t('totals.shipping')}</dt>
        <dd>
          {!shippingKnown
            ? t('totals.shippingAtCheckout')
            : totals.shipping === 0
              ? t('totals.free')
              : money(totals.shipping)}
        </dd>
      </div>
      {totals.discount > 0 && (
        <div className={row}>
          <dt>
            {'appOffer' in totals && totals.appOffer ? t('totals.appOffer') : t('totals.discount')}
          </dt>
          <dd data-testid="order-discount">−{money(totals.discount)}</dd>
        </div>
      )}
      {!totals.pricesIncludeTax &&
        totals.taxLines.map((line) => (
          <div key={line.rateBp} className={row} data-testid="order-tax">
            <dt>{t('totals.taxAdded', { rate: line.rateBp / 100 })}</dt>
            <dd>{money(line.amount)}</dd>
          </div>
        ))}
      <div className="flex justify-between py-3 font-medium">
        <dt>{t('totals.total')}</dt>
        <dd data-testid="order-total">{money(totals.total)}</dd>
      </div>
      {totals.pricesIncludeTax &&
        totals.taxLines.map((line) => (
          <div
            key={line.rateBp}
            className="flex justify-between pb-3 text-sm text-muted"
            data-testid="order-tax"
          >
            <dt>{t('totals.taxIncluded', { rate: line.rateBp / 100 })}</dt>
            <dd>{money(line.amount)}</dd>
          </div>
        ))}
    </dl>
  );
}

/** What became of the coupon code the shopper entered, in words. */
export function CouponMessage({
  coupon,
  onRemove,
}: {
  coupon: NonNullable<Quote['coupon']>;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <p role="status" className={`text-sm ${coupon.applied ? 'text-green-800' : 'text-brand'}`}>
      {coupon.applied
        ? t('coupon.applied', { code: coupon.code })
        : t(`coupon.rejected.${coupon.rejection ?? 'unknown'}`, { code: coupon.code })}{' '}
      <button type="button" onClick={onRemove} className="underline">
        {t('coupon.remove')}
      </button>
    </p>
  );
}

/** Shipping's rule in words, beside the totals. */
export function FreeShippingNote({ quote }: { quote: Quote }) {
  const { t, i18n } = useTranslation();
  if (quote.shipping === 0 || quote.freeShippingFrom === null) return null;
  return (
    <p className="text-sm text-muted">
      {t('totals.freeFrom', {
        amount: moneyInText(quote.freeShippingFrom, quote.currency, i18n.language),
      })}
    </p>
  );
}
