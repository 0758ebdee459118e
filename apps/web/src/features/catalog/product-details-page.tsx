import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button, primaryLinkClass } from '../../components/ui/button';
import { Price } from '../../components/ui/price';
import { PageLoader } from '../../components/ui/spinner';
import { isNotFound } from '../../lib/api';
import { useGetProductQuery } from './catalog-api';
import { useAddToCart, WishlistToggle } from './product-actions';
import { Rating } from './rating';

export default function ProductDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const addProductToCart = useAddToCart();
  const product = useGetProductQuery(id);

  if (product.isLoading) return <PageLoader />;
  if (!product.data) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-20 text-center">
        <h1 className="text-3xl font-semibold">
          {isNotFound(product.error)
            ? t('productDetails.notFoundTitle')
            : t('errors.productsUnavailable')}
        </h1>
        <p className="text-muted">{t('productDetails.notFoundBody')}</p>
        <Link to="/productS" className={primaryLinkClass}>
          {t('productDetails.backToShop')}
        </Link>
      </div>
    );
  }

  const p = product.data;
  const stockLabel =
    p.stock === 0
      ? t('product.outOfStock')
      : p.stock <= 5
        ? t('product.lowStock', { count: p.stock })
        : t('product.inStock');

  return (
    <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 md:grid-cols-2">
      <div className="rounded bg-surface">
        <img
          src={p.images[0]}
          alt={p.name}
          width={600}
          height={600}
          className="aspect-square w-full object-contain p-10"
        />
      </div>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          <Link
            to={`/category?category=${encodeURIComponent(p.category.slug)}`}
            className="hover:underline"
          >
            {p.category.name}
          </Link>
        </p>
        <h1 className="text-2xl font-semibold">{p.name}</h1>
        <div className="flex items-center gap-4">
          <Rating average={p.rating.average} count={p.rating.count} />
          <span className={p.stock === 0 ? 'text-brand' : 'text-green-700'}>{stockLabel}</span>
        </div>
        <Price
          amount={p.price}
          compareAt={p.compareAtPrice}
          currency={p.currency}
          className="text-2xl"
        />
        <p className="border-b border-neutral-300 pb-6">{p.description}</p>
        <div className="flex gap-4">
          <Button disabled={p.stock === 0} onClick={() => addProductToCart(p)}>
            {t('product.addToCart')}
          </Button>
          <WishlistToggle product={p} className="rounded border border-neutral-400 p-2" />
        </div>
      </div>
    </div>
  );
}
