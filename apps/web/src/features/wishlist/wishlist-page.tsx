import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { primaryLinkClass } from '../../components/ui/button';
import { Price } from '../../components/ui/price';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { removeFromWishlist, selectWishlist } from '../../store/wish-slice';

export default function WishlistPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectWishlist);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-8 text-2xl font-medium">{t('wishlist.title', { count: items.length })}</h1>
      {items.length === 0 ? (
        <div className="flex flex-col items-start gap-6">
          <p className="text-muted">{t('wishlist.empty')}</p>
          <Link to="/productS" className={primaryLinkClass}>
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
              </div>
              <Link to={`/productdetails/${item.id}`} className="font-medium hover:underline">
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
    </div>
  );
}
