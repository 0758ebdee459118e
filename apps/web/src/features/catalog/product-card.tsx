import type { Product } from '@souq/contracts/catalog';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Price } from '../../components/ui/price';
import { useAddToCart, WishlistToggle } from './product-actions';
import { Rating } from './rating';

export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  const { t } = useTranslation();
  const addProductToCart = useAddToCart();
  const discount =
    product.compareAtPrice && product.compareAtPrice > product.price
      ? Math.round((1 - product.price / product.compareAtPrice) * 100)
      : 0;
  const outOfStock = product.stock === 0;

  return (
    <article className="group relative flex flex-col gap-2">
      <div className="relative overflow-hidden rounded bg-surface">
        <img
          src={product.images[0]}
          alt={product.name}
          width={400}
          height={400}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-square w-full object-contain p-6"
        />
        {discount > 0 && (
          <span
            dir="ltr"
            className="absolute start-3 top-3 rounded bg-brand px-3 py-1 text-xs text-white"
          >
            -{discount}%
          </span>
        )}
        <WishlistToggle
          product={product}
          iconSize={20}
          className="absolute end-3 top-3 z-10 rounded-full bg-white p-1.5"
        />
        <button
          type="button"
          disabled={outOfStock}
          onClick={() => addProductToCart(product)}
          className="absolute inset-x-0 bottom-0 z-10 bg-black py-2 text-sm font-medium text-white transition-opacity disabled:bg-neutral-600 md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100"
        >
          {outOfStock ? t('product.outOfStock') : t('product.addToCart')}
        </button>
      </div>
      <h3 className="font-medium">
        {/* The whole card opens the product; the link's box is stretched over it. */}
        <Link
          to={`/productdetails/${product.id}`}
          className="after:absolute after:inset-0 hover:underline"
        >
          {product.name}
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
      <div className="h-5 w-3/4 rounded bg-surface" />
      <div className="h-5 w-1/3 rounded bg-surface" />
      <div className="h-5 w-1/2 rounded bg-surface" />
    </div>
  );
}
