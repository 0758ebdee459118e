import { mediaSrcSet } from '@souq/contracts/media';
import type { Product } from '@souq/contracts/catalog';
import type { TFunction } from 'i18next';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, type NavigateFunction } from 'react-router';
import { HeartIcon } from '../../components/ui/icons';
import { priceElement } from '../../components/ui/price';
import { followInApp } from '../../lib/follow-link';
import { localized } from '../../lib/localized';
import { paths } from '../../lib/paths';
import { onlyVariant } from '../../lib/variants';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import type { AppDispatch } from '../../store/store';
import { selectWishlistIds } from '../../store/wish-slice';
import { addProductToCart, wishlistButton } from './product-actions';
import { ratingElement } from './rating';

/** Whole percent off the compare-at price; 0 when the product is not discounted. */
export function discountPercent(price: number, compareAtPrice: number | null): number {
  return compareAtPrice && compareAtPrice > price
    ? Math.round((1 - price / compareAtPrice) * 100)
    : 0;
}

/**
 * What the cards of one list share, read once by the list (`useCardList`): a card reading the
 * language, the store, the router and its place on the wishlist itself, through their hooks,
 * cost more than drawing the card, on the server and as the browser hydrates (decision 028,
 * "Product cards").
 */
export interface CardList {
  language: string;
  t: TFunction;
  dispatch: AppDispatch;
  navigate: NavigateFunction;
}

/**
 * A list's `CardList`, and whether a product is on the wishlist: the list reads the wishlist
 * once and gives each card its answer, so a change redraws only the card whose answer changed.
 */
export function useCardList(): { list: CardList; isWished: (id: number) => boolean } {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const wishedIds = useAppSelector(selectWishlistIds);
  const language = i18n.language;
  const list = useMemo(
    () => ({ language, t, dispatch, navigate }),
    [language, t, dispatch, navigate],
  );
  return { list, isWished: (id) => wishedIds.includes(id) };
}

// The heart at a card's size, in its two looks, made once rather than for each card.
const hearts = {
  wished: <HeartIcon width={20} height={20} filled />,
  notWished: <HeartIcon width={20} height={20} />,
};

const actionClass =
  'absolute inset-x-0 bottom-0 z-10 bg-black py-3 text-center text-sm font-medium text-white transition-opacity disabled:bg-neutral-600 md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100';

/**
 * A product in a list: image, name, price (with the struck-through compare-at price and the
 * discount), rating, wishlist heart and Add To Cart. The whole card opens the product page.
 * `eager` is for cards visible without scrolling; the others load their image lazily. `priority`
 * fetches the image before the page's others, for the one that is the page's largest paint.
 * Redrawn only when its own props change: a list redraws on every wishlist change.
 */
export const ProductCard = memo(function ProductCard({
  product,
  wished,
  list,
  eager = false,
  priority = false,
}: {
  product: Product;
  wished: boolean;
  list: CardList;
  eager?: boolean;
  priority?: boolean;
}) {
  const { language, t, dispatch, navigate } = list;
  const discount = discountPercent(product.price, product.compareAtPrice);
  const outOfStock = product.stock === 0;
  const name = localized(product, 'name', language);
  // A product in several colours or sizes is chosen on its page; the card cannot guess which.
  const variant = onlyVariant(product);
  const href = paths.product(product.id);

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
        {wishlistButton({
          product,
          name,
          wished,
          t,
          dispatch,
          className:
            'absolute end-2 top-2 z-10 flex size-11 items-center justify-center rounded-full bg-white',
          icon: wished ? hearts.wished : hearts.notWished,
        })}
        {outOfStock || variant ? (
          <button
            type="button"
            disabled={outOfStock}
            aria-label={outOfStock ? undefined : t('product.addNamedToCart', { name })}
            onClick={() => variant && addProductToCart(dispatch, { product, variant })}
            className={actionClass}
          >
            {outOfStock ? t('product.outOfStock') : t('product.addToCart')}
          </button>
        ) : (
          // Links written as React Router's `Link` writes them, followed in the app
          // (lib/follow-link.ts).
          <a
            aria-label={t('product.chooseOptionsFor', { name })}
            href={href}
            data-discover="true"
            onClick={(event) => followInApp(event, href, navigate)}
            className={actionClass}
          >
            {t('product.chooseOptions')}
          </a>
        )}
      </div>
      {/* Two lines, not one cut short: a phone's column fits few words, and an Arabic name with
          a Latin model name lost the model's first letters to a one-line ellipsis. Two lines are
          always kept, so the prices of a row line up. */}
      <h3 className="line-clamp-2 min-h-12 font-medium">
        {/* The whole card opens the product; the link's box is stretched over it. */}
        <a
          href={href}
          data-discover="true"
          onClick={(event) => followInApp(event, href, navigate)}
          className="after:absolute after:inset-0 hover:underline"
        >
          {name}
        </a>
      </h3>
      {priceElement(
        { amount: product.price, compareAt: product.compareAtPrice, currency: product.currency },
        language,
        t,
      )}
      {ratingElement(product.rating, language, t)}
    </article>
  );
});

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
