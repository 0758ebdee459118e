import type { Product, ProductVariant } from '@souq/contracts/catalog';
import { toProductSummary } from '@souq/contracts/catalog-values';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { HeartIcon } from '../../components/ui/icons';
import { localized } from '../../lib/localized';
import { toLineVariant } from '../../lib/variants';
import { addToCart } from '../../store/cart-slice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { productAddedToCart } from '../../store/ui-slice';
import { addToWishlist, removeFromWishlist, selectIsWished } from '../../store/wish-slice';

/**
 * Adds a product's variant (how many, default 1) to the cart and raises the cartAdded flag for
 * the confirmation.
 */
export function useAddToCart() {
  const dispatch = useAppDispatch();
  return useCallback(
    ({
      product,
      variant,
      quantity,
    }: {
      product: Product;
      variant: ProductVariant;
      quantity?: number;
    }) => {
      dispatch(
        addToCart({
          ...toProductSummary(product),
          stock: variant.stock,
          variant: toLineVariant(product, variant),
          quantity,
        }),
      );
      dispatch(productAddedToCart());
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
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const wished = useAppSelector(selectIsWished(product.id));
  return (
    <button
      type="button"
      aria-pressed={wished}
      aria-label={t(wished ? 'product.removeFromWishlist' : 'product.addToWishlist', {
        name: localized(product, 'name', i18n.language),
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
