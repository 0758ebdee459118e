import { mediaSrcSet } from '@souq/contracts/media';
import type { Product } from '@souq/contracts/catalog';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Price } from '../../components/ui/price';
import { localized } from '../../lib/localized';
import { onlyVariant } from '../../lib/variants';
import { useAddToCart, WishlistToggle } from './product-actions';
import { Rating } from './rating';
import { paths } from '../../lib/paths';

/** Whole percent off the compare-at price; 0 when the product is not discounted. */
export function discountPercent(price: number, compareAtPrice: number | null): number {
  return compareAtPrice && compareAtPrice > price
    ? Math.round((1 - price / compareAtPrice) * 100)
    : 0;
}

/**
 * A product in a list: image, name, price (with the struck-through compare-at price and the
 * discount), rating, wishlist heart and Add To Cart. The whole card opens the product page.
 * `eager` is for cards visible without scrolling; the others load their image lazily. `priority`
 * fetches the image before the page's others, for the one that is the page's largest paint.
 */
export function ProductCard({
  product,
  eager = false,
  priority = false,
}: {
  product: Product;
  eager?: boolean;
  priority?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const addProductToCart = useAddToCart();
  const discount = discountPercent(product.price, product.compareAtPrice);
  const outOfStock = product.stock === 0;
  const name = localized(product, 'name', i18n.language);
  // A product in several colours or sizes is chosen on its page; the card cannot guess which.
  const variant = onlyVariant(product);
  const actionClass =
    'absolute inset-x-0 bottom-0 z-10 bg-black py-3 text-center text-sm font-medium text-white transition-opacity disabled:bg-neutral-600 md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100';

  return (
    <article className="group relative flex flex-col gap-2">
      <div className="relative overflow-hidden rounded bg-surface">
        <img
          src={product.images[0]}
          srcSet={product.images[0] && mediaSrcSet(product.images[0])}
          sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
          alt={name}
          width={400}
          height={400}
          loading={eager || priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          className="aspect-square w-full object-contain p-6"
        />
        {discount > 0 && (
          <span className="absolute start-3 top-3 rounded bg-brand px-3 py-1 text-xs text-white">
            {/* Positioned by the page's direction; the figure itself always reads "-25%". */}
            <bdi dir="ltr">-{discount}%</bdi>
          </span>
        )}
        <WishlistToggle
          product={product}
          iconSize={20}
          className="absolute end-2 top-2 z-10 flex size-11 items-center justify-center rounded-full bg-white"
        />
        {outOfStock || variant ? (
          <button
            type="button"
            disabled={outOfStock}
            aria-label={outOfStock ? undefined : t('product.addNamedToCart', { name })}
            onClick={() => variant && addProductToCart({ product, variant })}
            className={actionClass}
          >
            {outOfStock ? t('product.outOfStock') : t('product.addToCart')}
          </button>
        ) : (
          <Link
            to={paths.product(product.id)}
            aria-label={t('product.chooseOptionsFor', { name })}
            className={actionClass}
          >
            {t('product.chooseOptions')}
          </Link>
        )}
      </div>
      {/* Two lines, not one cut short: a phone's column fits few words, and an Arabic name with
          a Latin model name lost the model's first letters to a one-line ellipsis. Two lines are
          always kept, so the prices of a row line up. */}
      <h3 className="line-clamp-2 min-h-12 font-medium">
        {/* The whole card opens the product; the link's box is stretched over it. */}
        <Link
          to={paths.product(product.id)}
          className="after:absolute after:inset-0 hover:underline"
        >
          {name}
        </Link>
      </h3>
      <Price
        amount={product.price}
        compareAt={product.compareAtPrice}
        currency={product.currency}
      />
      <Rating average={product.rating.average} count={product.rating.count} />
    </article>
  );
}

/** Space for a card while products load, so the page does not jump when they arrive. */
export function ProductCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex animate-pulse flex-col gap-2">
      <div className="aspect-square rounded bg-surface" />
      <div className="h-6 w-3/4 rounded bg-surface" />
      <div className="h-6 w-1/3 rounded bg-surface" />
      <div className="h-5 w-1/2 rounded bg-surface" />
    </div>
  );
}
