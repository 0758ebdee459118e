import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, primaryLinkClass } from '../../components/ui/button';
import { formatMoney } from '../../lib/money';
import {
  clearCart,
  removeFromCart,
  selectCartItems,
  selectCartSubtotal,
  updateQuantity,
} from '../../store/cart-slice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';

export default function CartPage() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectCartItems);
  const subtotal = useAppSelector(selectCartSubtotal);
  const currency = items[0]?.currency ?? 'USD';

  if (items.length === 0) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-20 text-center">
        <h1 className="text-3xl font-semibold">{t('cart.title')}</h1>
        <p className="text-muted">{t('cart.empty')}</p>
        <Link to="/productS" className={primaryLinkClass}>
          {t('cart.returnToShop')}
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-8 text-3xl font-semibold">{t('cart.title')}</h1>
      <table className="w-full text-start">
        <thead>
          <tr className="text-start shadow-sm">
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
          {items.map((item) => (
            <tr key={item.id} className="border-t border-neutral-100">
              <td className="py-4">
                <Link
                  to={`/productdetails/${item.id}`}
                  className="flex items-center gap-4 hover:underline"
                >
                  <img
                    src={item.image}
                    alt=""
                    width={54}
                    height={54}
                    className="size-14 rounded bg-surface object-contain p-1"
                  />
                  {item.name}
                </Link>
              </td>
              <td className="hidden py-4 sm:table-cell">
                {formatMoney(item.price, item.currency, i18n.language)}
              </td>
              <td className="py-4">
                <label>
                  <span className="sr-only">{t('cart.quantityOf', { name: item.name })}</span>
                  <input
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    value={item.quantity}
                    onChange={(event) => {
                      const quantity = Number(event.target.value);
                      if (event.target.value !== '' && Number.isInteger(quantity)) {
                        dispatch(updateQuantity({ id: item.id, quantity }));
                      }
                    }}
                    className="w-20 rounded border border-neutral-400 px-3 py-2"
                  />
                </label>
                <button
                  type="button"
                  onClick={() => dispatch(removeFromCart(item.id))}
                  className="ms-3 text-sm text-brand hover:underline"
                >
                  {t('cart.remove')}
                </button>
              </td>
              <td className="py-4 text-end">
                {formatMoney(item.price * item.quantity, item.currency, i18n.language)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-6 flex flex-wrap justify-between gap-4">
        <Link
          to="/productS"
          className="rounded border border-neutral-400 px-8 py-3 text-sm font-medium"
        >
          {t('cart.returnToShop')}
        </Link>
        <Button variant="outline" onClick={() => dispatch(clearCart())}>
          {t('cart.clear')}
        </Button>
      </div>
      <section
        aria-labelledby="cart-total"
        className="ms-auto mt-10 max-w-md rounded border-2 border-neutral-900 p-6"
      >
        <h2 id="cart-total" className="mb-4 text-xl font-medium">
          {t('cart.total')}
        </h2>
        <p className="flex justify-between border-b border-neutral-300 pb-4">
          <span>{t('cart.subtotal')}</span>
          <span>{formatMoney(subtotal, currency, i18n.language)}</span>
        </p>
        <p className="mt-4 text-sm text-muted">{t('cart.totalsAtCheckout')}</p>
      </section>
    </div>
  );
}
