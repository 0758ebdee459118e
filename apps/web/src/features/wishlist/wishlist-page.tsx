import type { Product } from '@souq/contracts/catalog';
import { toProductSummary } from '@souq/contracts/catalog-values';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, primaryLinkClass } from '../../components/ui/button';
import { catalogApi, useGetProductQuery, useGetProductsQuery } from '../../lib/catalog-api';
import { isNotFound } from '../../lib/api-error';
import { localized } from '../../lib/localized';
import { paths } from '../../lib/paths';
import { onlyVariant, toLineVariant } from '../../lib/variants';
import { ProductCard, ProductCardSkeleton, useCardList } from '../../shared/product/product-card';
import { ProductGrid } from '../../shared/product/product-grid';
import { addToCart } from '../../store/cart-slice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { productAddedToCart } from '../../store/ui-slice';
import { removeFromWishlist, replaceWishlist, selectWishlist } from '../../store/wish-slice';

const SUGGESTIONS = 4;

/**
 * A wished product as the shop has it now (name, price, stock, translations), whatever the
 * stored entry holds; one the shop no longer sells can only be removed.
 */
function WishedProduct({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const cards = useCardList();
  const product = useGetProductQuery(String(id));
  if (!product.data) {
    if (!isNotFound(product.error)) return <ProductCardSkeleton />;
    return (
      <div className="flex flex-col gap-2">
        <p className="text-muted">{t('wishlist.gone')}</p>
        <button
          type="button"
          onClick={() => dispatch(removeFromWishlist(id))}
          className="w-fit text-sm text-brand hover:underline"
        >
          {t('wishlist.removeGone')}
        </button>
      </div>
    );
  }
  const name = localized(product.data, 'name', i18n.language);
  return (
    <div className="flex flex-col gap-2">
      <ProductCard product={product.data} wished={cards.isWished(id)} list={cards.list} />
      <button
        type="button"
        onClick={() => dispatch(removeFromWishlist(id))}
        className="w-fit text-sm text-brand hover:underline"
      >
        {t('wishlist.remove', { name })}
      </button>
    </div>
  );
}

export default function WishlistPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectWishlist);
  const [moved, setMoved] = useState<number | null>(null);
  // "Just For You": the best-rated products, a few more than shown so wished ones can be skipped.
  const suggestions = useGetProductsQuery({ sort: 'rating', limit: SUGGESTIONS * 3 });
  const wishedIds = new Set(items.map((i) => i.id));
  const justForYou = (suggestions.data?.items ?? [])
    .filter((p) => !wishedIds.has(p.id) && p.stock > 0)
    .slice(0, SUGGESTIONS);

  /** Every item in stock goes to the cart; the wishlist is emptied, as the shop promises. */
  async function moveAllToBag() {
    // The shop's current details (each card has loaded them); the stored entry may be stale.
    const current = await Promise.all(
      items.map((item) =>
        dispatch(catalogApi.endpoints.getProduct.initiate(String(item.id), { subscribe: false })),
      ),
    );
    const available = current
      .map((result) => result.data)
      .filter((product): product is Product => !!product && product.stock > 0);
    for (const product of available) {
      // A product in several colours or sizes goes in without one: the cart asks which.
      const variant = onlyVariant(product);
      dispatch(
        addToCart({
          ...toProductSummary(product),
          ...(variant ? { stock: variant.stock } : {}),
          variant: variant ? toLineVariant(product, variant) : null,
        }),
      );
    }
    if (available.length > 0) dispatch(productAddedToCart());
    dispatch(replaceWishlist([]));
    setMoved(available.length);
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-semibold">{t('wishlist.title', { count: items.length })}</h1>
        {items.length > 0 && (
          <Button variant="outline" onClick={() => void moveAllToBag()}>
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
        <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4 lg:gap-x-8">
          {items.map((item) => (
            <li key={item.id}>
              <WishedProduct id={item.id} />
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
          <ProductGrid products={justForYou} loading={false} />
        </section>
      )}
    </div>
  );
}
