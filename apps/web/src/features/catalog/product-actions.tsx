import { toProductSummary, type Product } from '@souq/contracts/catalog';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { HeartIcon } from '../../components/ui/icons';
import { addToCart } from '../../store/cart-slice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { setCartAdded } from '../../store/ui-slice';
import { addToWishlist, removeFromWishlist, selectIsWished } from '../../store/wish-slice';

/** Adds a product to the cart and raises the cartAdded flag for the confirmation. */
export function useAddToCart() {
  const dispatch = useAppDispatch();
  return useCallback(
    (product: Product) => {
      dispatch(addToCart(toProductSummary(product)));
      dispatch(setCartAdded(true));
    },
    [dispatch],
  );
}

/** The heart that puts a product on the wishlist or takes it off. */
export function WishlistToggle({
  product,
  className,
  iconSize = 24,
}: {
  product: Product;
  className: string;
  iconSize?: number;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const wished = useAppSelector(selectIsWished(product.id));
  return (
    <button
      type="button"
      aria-pressed={wished}
      aria-label={t(wished ? 'product.removeFromWishlist' : 'product.addToWishlist', {
        name: product.name,
      })}
      onClick={() =>
        dispatch(wished ? removeFromWishlist(product.id) : addToWishlist(toProductSummary(product)))
      }
      className={`${className} ${wished ? 'text-brand' : 'hover:text-brand'}`}
    >
      <HeartIcon width={iconSize} height={iconSize} filled={wished} />
    </button>
  );
}
