import { useEffect, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { couponCodeSchema, ORDER_LINE_MAX_QUANTITY, type QuoteLine } from '@souq/contracts/orders';
import { Button, primaryLinkClass } from '../../components/ui/button';
import { Icon } from '../../components/ui/icons';
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

/** The wide layout's columns: product, unit price, quantity, line total. */
const lineColumns = 'md:grid-cols-[minmax(0,1fr)_7rem_13rem_7rem]';

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
  const checkoutAction =
    unresolved > 0 || !quote.data ? (
      <Button disabled>{t('cart.proceed')}</Button>
    ) : (
      <Link to={checkoutLink} className={primaryLinkClass}>
        {t('cart.proceed')}
      </Link>
    );

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-8 text-3xl font-semibold">{t('cart.title')}</h1>
      {/* Column names for the wide layout; each value also carries its name for screen readers. */}
      <div
        aria-hidden="true"
        className={`hidden gap-4 py-4 shadow-sm md:grid md:ps-18 ${lineColumns}`}
      >
        <span>{t('cart.product')}</span>
        <span>{t('cart.price')}</span>
        <span>{t('cart.quantity')}</span>
        <span className="text-end">{t('cart.subtotal')}</span>
      </div>
      <ul>
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
            <li
              key={key}
              data-testid="cart-row"
              className="flex items-start gap-4 border-t border-neutral-200 py-4"
            >
              <img
                src={product.image || undefined}
                alt=""
                width={64}
                height={64}
                className="size-16 shrink-0 rounded bg-surface object-contain p-1 md:size-14"
              />
              <div
                className={`grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-2 md:gap-4 ${lineColumns}`}
              >
                <div className="flex flex-col gap-1">
                  <Link to={paths.product(item.id)} className="font-medium hover:underline">
                    <bdi>{name}</bdi>
                  </Link>
                  <VariantLabel variant={item.variant} />
                  {!item.variant && <FindVariant item={item} />}
                  {problem && (
                    <div
                      role="status"
                      className="mt-1 flex flex-wrap items-center gap-x-3 text-sm text-brand"
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
                            className="min-h-11 underline"
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
                            className="min-h-11 underline"
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
                        <Link
                          to={paths.product(item.id)}
                          className="inline-flex min-h-11 items-center underline"
                        >
                          {t('cart.chooseVariant')}
                        </Link>
                      )}
                    </div>
                  )}
                </div>
                <p className="text-sm text-muted md:text-base md:text-neutral-900">
                  {line?.product && (
                    <>
                      <span className="sr-only">{t('cart.price')}: </span>
                      <Money amount={line.product.price} currency={line.product.currency} />
                      <span className="md:hidden"> {t('cart.each')}</span>
                    </>
                  )}
                </p>
                {/* On a phone the line's total sits beside the name (the stepper needs its row, and a
                    total in a long currency would wrap under it); wide, each has its column. */}
                <div className="col-span-2 flex items-start gap-1 md:col-span-1">
                  <QuantityStepper
                    name={rowName}
                    value={item.quantity}
                    min={0}
                    max={byStock ? stock : ORDER_LINE_MAX_QUANTITY}
                    maxReason={byStock ? 'inStock' : 'perOrder'}
                    onChange={(quantity) => dispatch(updateQuantity({ key, quantity }))}
                  />
                  <button
                    type="button"
                    aria-label={t('cart.removeItem', { name: rowName })}
                    title={t('cart.removeItem', { name })}
                    onClick={() => dispatch(removeFromCart(key))}
                    className="flex size-11 shrink-0 items-center justify-center rounded text-muted hover:bg-surface hover:text-brand"
                  >
                    <TrashIcon />
                  </button>
                </div>
                <p className="col-start-2 row-start-1 text-end font-medium whitespace-nowrap md:col-start-auto md:row-start-auto md:pt-2.5">
                  {line && quote.data && (
                    <>
                      <span className="sr-only">{t('cart.subtotal')}: </span>
                      <Money amount={line.lineTotal} currency={quote.data.currency} />
                    </>
                  )}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="mt-6 flex flex-wrap justify-between gap-4 border-t border-neutral-200 pt-6">
        <Link
          to={paths.products}
          className="rounded border border-neutral-400 px-8 py-3 text-sm font-medium"
        >
          {t('cart.returnToShop')}
        </Link>
        <Button variant="outline" onClick={() => dispatch(clearCart())}>
          {t('cart.clear')}
        </Button>
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
            <div role="alert" className="flex flex-col items-start gap-3 text-brand">
              <p>{t('cart.quoteFailed')}</p>
              <Button variant="outline" onClick={() => void quote.refetch()}>
                {t('errors.tryAgain')}
              </Button>
            </div>
          ) : (
            <p role="status">{t('common.loading')}</p>
          )}
          {unresolved > 0 && (
            <p role="status" className="mt-4 text-sm text-brand">
              {t('cart.fixLines', { count: unresolved })}
            </p>
          )}
          {/* On a phone the bar below carries the checkout button. */}
          <div className="mt-6 hidden justify-center md:flex">{checkoutAction}</div>
        </section>
      </div>
      <div className="sticky bottom-0 z-20 -mx-4 mt-8 flex items-center justify-between gap-4 border-t border-neutral-200 bg-white px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgb(0_0_0/0.08)] md:hidden">
        <p className="flex flex-col">
          <span className="text-xs text-muted">{t('cart.total')}</span>
          {quote.data && (
            <span className="font-semibold">
              <Money amount={quote.data.total} currency={quote.data.currency} />
            </span>
          )}
        </p>
        {checkoutAction}
      </div>
    </div>
  );
}

/** A bin: the cart's remove button. */
function TrashIcon() {
  return (
    <Icon width={22} height={22}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </Icon>
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
