import { useEffect, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { couponCodeSchema, ORDER_LINE_MAX_QUANTITY, type QuoteLine } from '@souq/contracts/orders';
import { Button, primaryLinkClass } from '../../components/ui/button';
import { CouponMessage, FreeShippingNote, OrderTotals } from '../../components/ui/order-totals';
import { Money } from '../../components/ui/price';
import { localized } from '../../lib/localized';
import { moneyInText } from '../../lib/money';
import { useQuoteQuery } from '../../lib/orders-api';
import {
  cartItemKey,
  cartOrderLines,
  clearCart,
  refreshCartItem,
  removeFromCart,
  resolveCartItem,
  selectCartItems,
  updateQuantity,
  type CartItem,
} from '../../store/cart-slice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { isSnapshotMissing } from '../../store/persistence';
import { QuantityStepper } from '../../shared/quantity-stepper';
import { VariantLabel } from '../../components/ui/variant-label';
import { useGetProductQuery } from '../../lib/catalog-api';
import { isNotFound } from '../../lib/api-error';
import { findVariant, nameWithVariant, toLineVariant } from '../../lib/variants';
import { paths } from '../../lib/paths';
import { quoteLinesByRow } from './quote-lines';

/** What the shopper must decide about a line whose product changed since it was added. */
function lineProblem(item: CartItem, line: QuoteLine | undefined) {
  if (!item.variant) return { kind: 'chooseVariant' as const };
  if (!line) return null;
  if (line.status === 'unavailable' || !line.product) return { kind: 'unavailable' as const };
  if (line.status === 'out_of_stock') return { kind: 'outOfStock' as const };
  if (line.status === 'other_currency') return { kind: 'otherCurrency' as const };
  if (line.status === 'short') return { kind: 'short' as const, left: line.product.stock };
  // An entry read back without a price shows the current one; there was nothing to accept.
  if (!isSnapshotMissing(item) && line.product.price !== item.price) {
    return { kind: 'priceChanged' as const, was: item.price, now: line.product.price };
  }
  return null;
}

export default function CartPage() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectCartItems);
  const [couponInput, setCouponInput] = useState('');
  const [couponError, setCouponError] = useState<string | null>(null);
  const [couponCode, setCouponCode] = useState<string | undefined>(undefined);
  const money = (amount: number, currency: string) => moneyInText(amount, currency, i18n.language);

  const lines = cartOrderLines(items);
  // Refreshed from the shop each time the page opens and whenever the cart changes.
  const quote = useQuoteQuery(
    { lines, ...(couponCode ? { couponCode } : {}) },
    { skip: lines.length === 0, refetchOnMountOrArgChange: true },
  );
  const quoteLines = quoteLinesByRow(items, quote.data?.lines);

  // The saved entries take the shop's current details (an older release saved fewer fields);
  // the price only where none was saved, since a changed price is for the shopper to accept.
  useEffect(() => {
    for (const item of items) {
      const key = cartItemKey(item);
      const product = quoteLines.get(key)?.product;
      if (!product) continue;
      const price = isSnapshotMissing(item) ? product.price : item.price;
      const fresh = { ...item, ...product, price };
      if (JSON.stringify(fresh) !== JSON.stringify(item)) {
        dispatch(refreshCartItem({ key, product: { ...product, price } }));
      }
    }
  });

  if (items.length === 0) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-20 text-center">
        <h1 className="text-3xl font-semibold">{t('cart.title')}</h1>
        <p className="text-muted">{t('cart.empty')}</p>
        <Link to={paths.products} className={primaryLinkClass}>
          {t('cart.returnToShop')}
        </Link>
      </div>
    );
  }

  const problems = items.map((item) => lineProblem(item, quoteLines.get(cartItemKey(item))));
  const unresolved = problems.filter(Boolean).length;

  function applyCoupon(event: SyntheticEvent) {
    event.preventDefault();
    const parsed = couponCodeSchema.safeParse(couponInput);
    if (!parsed.success) {
      setCouponError(t('cart.couponInvalid'));
      return;
    }
    setCouponError(null);
    setCouponCode(parsed.data.toUpperCase());
  }

  const checkoutLink = couponCode ? paths.checkoutWithCoupon(couponCode) : paths.checkout;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-8 text-3xl font-semibold">{t('cart.title')}</h1>
      <table className="w-full text-start">
        <thead>
          <tr className="shadow-sm">
            <th scope="col" className="py-4 text-start font-normal">
              {t('cart.product')}
            </th>
            <th scope="col" className="hidden py-4 text-start font-normal sm:table-cell">
              {t('cart.price')}
            </th>
            <th scope="col" className="py-4 text-start font-normal">
              {t('cart.quantity')}
            </th>
            <th scope="col" className="py-4 text-end font-normal">
              {t('cart.subtotal')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, index) => {
            const problem = problems[index];
            const key = cartItemKey(item);
            const line = quoteLines.get(key);
            // What the shop says now; the saved entry only until the quote arrives.
            const product = line?.product ?? item;
            const name = localized(product, 'name', i18n.language);
            // Two variants of one product are two rows: their controls' names tell them apart.
            const rowName = nameWithVariant(name, item.variant, i18n.language);
            // The variant's stock caps the stepper, below the per-order maximum.
            const stock = line?.product?.stock ?? item.stock;
            const byStock = item.variant !== null && stock < ORDER_LINE_MAX_QUANTITY;
            return (
              <tr
                key={key}
                data-testid="cart-row"
                className="border-t border-neutral-100 align-top"
              >
                <td className="py-4">
                  <div className="flex items-center gap-4">
                    <img
                      src={product.image || undefined}
                      alt=""
                      width={54}
                      height={54}
                      className="hidden size-14 rounded bg-surface object-contain p-1 sm:block"
                    />
                    <div className="flex flex-col gap-1">
                      <Link to={paths.product(item.id)} className="hover:underline">
                        <bdi>{name}</bdi>
                      </Link>
                      <VariantLabel variant={item.variant} />
                    </div>
                  </div>
                  {!item.variant && <FindVariant item={item} />}
                  {problem && (
                    <div
                      role="status"
                      className="mt-2 flex flex-wrap items-center gap-3 text-sm text-brand"
                    >
                      {problem.kind === 'priceChanged' && (
                        <>
                          <span>
                            {t('cart.priceChanged', {
                              was: money(problem.was, item.currency),
                              now: money(problem.now, item.currency),
                            })}
                          </span>
                          <button
                            type="button"
                            className="underline"
                            onClick={() => {
                              const product = quoteLines.get(key)?.product;
                              if (product) dispatch(refreshCartItem({ key, product }));
                            }}
                          >
                            {t('cart.acceptPrice')}
                          </button>
                        </>
                      )}
                      {problem.kind === 'short' && (
                        <>
                          <span>{t('cart.onlyLeft', { count: problem.left })}</span>
                          <button
                            type="button"
                            className="underline"
                            onClick={() =>
                              dispatch(updateQuantity({ key, quantity: problem.left }))
                            }
                          >
                            {t('cart.takeLeft', { count: problem.left })}
                          </button>
                        </>
                      )}
                      {(problem.kind === 'outOfStock' ||
                        problem.kind === 'unavailable' ||
                        problem.kind === 'otherCurrency') && (
                        <span>{t(`cart.${problem.kind}`)}</span>
                      )}
                      {problem.kind === 'chooseVariant' && (
                        <Link to={paths.product(item.id)} className="underline">
                          {t('cart.chooseVariant')}
                        </Link>
                      )}
                    </div>
                  )}
                </td>
                <td className="hidden py-4 sm:table-cell">
                  {line?.product && (
                    <Money amount={line.product.price} currency={line.product.currency} />
                  )}
                </td>
                <td className="py-4">
                  <div className="flex flex-wrap items-start gap-3">
                    <QuantityStepper
                      name={rowName}
                      value={item.quantity}
                      min={0}
                      max={byStock ? stock : ORDER_LINE_MAX_QUANTITY}
                      maxReason={byStock ? 'inStock' : 'perOrder'}
                      compact
                      onChange={(quantity) => dispatch(updateQuantity({ key, quantity }))}
                    />
                    <button
                      type="button"
                      // The visible words stay short; the name read out tells the variants apart.
                      aria-label={t('cart.removeItem', { name: rowName })}
                      onClick={() => dispatch(removeFromCart(key))}
                      className="py-2 text-sm text-brand hover:underline"
                    >
                      {t('cart.removeItem', { name })}
                    </button>
                  </div>
                </td>
                <td className="py-4 text-end">
                  {line && quote.data && (
                    <Money amount={line.lineTotal} currency={quote.data.currency} />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="mt-6 flex flex-wrap justify-between gap-4">
        <Link
          to={paths.products}
          className="rounded border border-neutral-400 px-8 py-3 text-sm font-medium"
        >
          {t('cart.returnToShop')}
        </Link>
        <div className="flex flex-wrap gap-4">
          <Button variant="outline" onClick={() => void quote.refetch()}>
            {t('cart.update')}
          </Button>
          <Button variant="outline" onClick={() => dispatch(clearCart())}>
            {t('cart.clear')}
          </Button>
        </div>
      </div>

      <div className="mt-10 flex flex-col justify-between gap-8 lg:flex-row lg:items-start">
        <form onSubmit={applyCoupon} noValidate className="flex flex-col gap-2">
          <div className="flex flex-wrap gap-4">
            <label>
              <span className="sr-only">{t('cart.couponCode')}</span>
              <input
                value={couponInput}
                onChange={(event) => setCouponInput(event.target.value)}
                placeholder={t('cart.couponCode')}
                aria-invalid={couponError ? true : undefined}
                className="w-64 rounded border border-neutral-900 px-4 py-3"
              />
            </label>
            <Button type="submit">{t('cart.applyCoupon')}</Button>
          </div>
          {couponError && (
            <p role="alert" className="text-sm text-brand">
              {couponError}
            </p>
          )}
          {quote.data?.coupon && (
            <CouponMessage coupon={quote.data.coupon} onRemove={() => setCouponCode(undefined)} />
          )}
        </form>

        <section
          aria-labelledby="cart-total"
          className="w-full max-w-md rounded border-2 border-neutral-900 p-6"
        >
          <h2 id="cart-total" className="mb-4 text-xl font-medium">
            {t('cart.total')}
          </h2>
          {lines.length === 0 ? null : quote.data ? (
            <>
              <OrderTotals totals={quote.data} />
              <FreeShippingNote quote={quote.data} />
            </>
          ) : quote.isError ? (
            <p role="alert" className="text-brand">
              {t('cart.quoteFailed')}
            </p>
          ) : (
            <p role="status">{t('common.loading')}</p>
          )}
          {unresolved > 0 && (
            <p role="status" className="mt-4 text-sm text-brand">
              {t('cart.fixLines', { count: unresolved })}
            </p>
          )}
          <div className="mt-6 flex justify-center">
            {unresolved > 0 || !quote.data ? (
              <Button disabled>{t('cart.proceed')}</Button>
            ) : (
              <Link to={checkoutLink} className={primaryLinkClass}>
                {t('cart.proceed')}
              </Link>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}

/**
 * A row without a variant (stored before products had them, or moved from the wishlist): once the
 * product's current data arrives, the colour and size it was saved with name its variant, or the
 * row stays, asking the shopper to choose on the product's page.
 */
function FindVariant({ item }: { item: CartItem }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const product = useGetProductQuery(String(item.id));
  const key = cartItemKey(item);
  const variant = product.data && findVariant(product.data, item);
  useEffect(() => {
    if (!product.data || !variant) return;
    dispatch(
      resolveCartItem({ key, variant: toLineVariant(product.data, variant), stock: variant.stock }),
    );
  }, [dispatch, key, product.data, variant]);
  if (!isNotFound(product.error)) return null;
  return (
    <p role="status" className="mt-2 text-sm text-brand">
      {t('cart.unavailable')}
    </p>
  );
}
