import { toProductSummary, type ProductList } from '@souq/contracts/catalog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, primaryLinkClass } from '../../components/ui/button';
import { Price } from '../../components/ui/price';
import { api } from '../../lib/api';
import { addToCart } from '../../store/cart-slice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { setCartAdded } from '../../store/ui-slice';
import { removeFromWishlist, replaceWishlist, selectWishlist } from '../../store/wish-slice';
import { paths } from '../../lib/paths';

const SUGGESTIONS = 4;

const wishlistApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** "Just For You": the best-rated products, a few more than shown so wished ones can be skipped. */
    getSuggestions: build.query<ProductList, undefined>({
      query: () => `/products?sort=rating&limit=${SUGGESTIONS * 3}`,
    }),
  }),
});

export default function WishlistPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectWishlist);
  const [moved, setMoved] = useState<number | null>(null);
  const suggestions = wishlistApi.useGetSuggestionsQuery(undefined);
  const wishedIds = new Set(items.map((i) => i.id));
  const justForYou = (suggestions.data?.items ?? [])
    .filter((p) => !wishedIds.has(p.id) && p.stock > 0)
    .slice(0, SUGGESTIONS);

  /** Every item in stock goes to the cart; the wishlist is emptied, as the shop promises. */
  function moveAllToBag() {
    const available = items.filter((item) => item.stock > 0);
    for (const item of available) dispatch(addToCart(item));
    if (available.length > 0) dispatch(setCartAdded(true));
    dispatch(replaceWishlist([]));
    setMoved(available.length);
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-medium">{t('wishlist.title', { count: items.length })}</h1>
        {items.length > 0 && (
          <Button variant="outline" onClick={moveAllToBag}>
            {t('wishlist.moveAll')}
          </Button>
        )}
      </div>
      {moved !== null && (
        <p role="status" className="mb-6">
          {t('wishlist.moved', { count: moved })}
        </p>
      )}
      {items.length === 0 ? (
        <div className="flex flex-col items-start gap-6">
          <p className="text-muted">{t('wishlist.empty')}</p>
          <Link to={paths.products} className={primaryLinkClass}>
            {t('cart.returnToShop')}
          </Link>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-6 sm:grid-cols-3 lg:grid-cols-4">
          {items.map((item) => (
            <li key={item.id} className="flex flex-col gap-2">
              <div className="relative rounded bg-surface">
                <img
                  src={item.image}
                  alt={item.name}
                  width={400}
                  height={400}
                  loading="lazy"
                  className="aspect-square w-full object-contain p-6"
                />
                {item.stock === 0 && (
                  <span className="absolute start-3 top-3 rounded bg-neutral-900 px-2 py-1 text-xs text-white">
                    {t('wishlist.soldOut')}
                  </span>
                )}
              </div>
              <Link to={paths.product(item.id)} className="font-medium hover:underline">
                {item.name}
              </Link>
              <Price amount={item.price} compareAt={item.compareAtPrice} currency={item.currency} />
              <button
                type="button"
                onClick={() => dispatch(removeFromWishlist(item.id))}
                className="w-fit text-sm text-brand hover:underline"
              >
                {t('wishlist.remove', { name: item.name })}
              </button>
            </li>
          ))}
        </ul>
      )}

      {justForYou.length > 0 && (
        <section aria-labelledby="just-for-you" className="mt-16">
          <div className="mb-6 flex items-center justify-between gap-4">
            <h2 id="just-for-you" className="flex items-center gap-4 text-xl font-medium">
              <span aria-hidden="true" className="h-10 w-5 rounded bg-brand" />
              {t('wishlist.justForYou')}
            </h2>
            <Link
              to={paths.products}
              className="rounded border border-neutral-400 px-8 py-3 text-sm font-medium"
            >
              {t('wishlist.seeAll')}
            </Link>
          </div>
          <ul className="grid grid-cols-2 gap-6 sm:grid-cols-3 lg:grid-cols-4">
            {justForYou.map((product) => (
              <li key={product.id} className="flex flex-col gap-2">
                <img
                  src={product.images[0]}
                  alt={product.name}
                  width={400}
                  height={400}
                  loading="lazy"
                  className="aspect-square w-full rounded bg-surface object-contain p-6"
                />
                <Link to={paths.product(product.id)} className="font-medium hover:underline">
                  {product.name}
                </Link>
                <Price
                  amount={product.price}
                  compareAt={product.compareAtPrice}
                  currency={product.currency}
                />
                <Button
                  onClick={() => {
                    dispatch(addToCart(toProductSummary(product)));
                    dispatch(setCartAdded(true));
                  }}
                >
                  {t('wishlist.addToCart', { name: product.name })}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
