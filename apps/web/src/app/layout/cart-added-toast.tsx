import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { cartAddedNoticeDismissed } from '../../store/ui-slice';
import { paths } from '../../lib/paths';

const VISIBLE_MS = 2500;

/** The short confirmation after Add To Cart; it clears the cartAdded flag by itself. */
export function CartAddedToast() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const cartAdded = useAppSelector((s) => s.ui.cartAdded);

  useEffect(() => {
    if (!cartAdded) return;
    const timer = setTimeout(() => dispatch(cartAddedNoticeDismissed()), VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [cartAdded, dispatch]);

  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-[max(1.5rem,env(safe-area-inset-bottom))] z-50 flex justify-center px-4"
    >
      {cartAdded && (
        <p className="pointer-events-auto flex items-center gap-4 rounded bg-black px-5 py-3 text-sm text-white shadow-lg">
          {t('cart.added')}
          <Link to={paths.cart} className="font-semibold underline">
            {t('cart.view')}
          </Link>
        </p>
      )}
    </div>
  );
}
