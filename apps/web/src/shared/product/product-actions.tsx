import type { Product, ProductVariant } from '@souq/contracts/catalog';
import { toProductSummary } from '@souq/contracts/catalog-values';
import type { TFunction } from 'i18next';
import { useCallback, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { HeartIcon } from '../../components/ui/icons';
import { localized } from '../../lib/localized';
import { toLineVariant } from '../../lib/variants';
import { addToCart } from '../../store/cart-slice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import type { AppDispatch } from '../../store/store';
import { productAddedToCart } from '../../store/ui-slice';
import { addToWishlist, removeFromWishlist, selectIsWished } from '../../store/wish-slice';

interface CartAddition {
  product: Product;
  variant: ProductVariant;
  quantity?: number;
}

/**
 * Adds a product's variant (how many, default 1) to the cart and raises the cartAdded flag for
 * the confirmation.
 */
export function addProductToCart(
  dispatch: AppDispatch,
  { product, variant, quantity }: CartAddition,
) {
  dispatch(
    addToCart({
      ...toProductSummary(product),
      stock: variant.stock,
      variant: toLineVariant(product, variant),
      quantity,
    }),
  );
  dispatch(productAddedToCart());
}

/** `addProductToCart` with the store's dispatch, for a component that adds one product. */
export function useAddToCart() {
  const dispatch = useAppDispatch();
  return useCallback((addition: CartAddition) => addProductToCart(dispatch, addition), [dispatch]);
}

/** The heart that puts a product on the wishlist or takes it off. */
export function WishlistToggle({ product, className }: { product: Product; className: string }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const wished = useAppSelector(selectIsWished(product.id));
  return wishlistButton({
    product,
    name: localized(product, 'name', i18n.language),
    wished,
    t,
    dispatch,
    className,
    icon: <HeartIcon filled={wished} />,
  });
}

/**
 * The heart's button, for `WishlistToggle` and for a list's product cards, which read the
 * wishlist, the language and the store once for the whole list (product-card.tsx).
 */
export function wishlistButton({
  product,
  name,
  wished,
  t,
  dispatch,
  className,
  icon,
}: {
  product: Product;
  /** The product's name in the page's language. */
  name: string;
  wished: boolean;
  t: TFunction;
  dispatch: AppDispatch;
  className: string;
  icon: ReactElement;
}) {
  return (
    <button
      type="button"
      aria-pressed={wished}
      aria-label={t(wished ? 'product.removeFromWishlist' : 'product.addToWishlist', { name })}
      onClick={() =>
        dispatch(wished ? removeFromWishlist(product.id) : addToWishlist(toProductSummary(product)))
      }
      className={`${className} ${wished ? 'text-brand' : 'hover:text-brand'}`}
    >
      {icon}
    </button>
  );
}
