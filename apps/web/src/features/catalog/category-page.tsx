import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useGetCategoriesQuery, useGetProductsQuery } from './catalog-api';
import { PAGE_SIZE, Pagination, readPageParam } from './pagination';
import { ProductGrid } from './product-grid';

/** The categories, and the products of the chosen one (?category=slug). */
export default function CategoryPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const chosen = params.get('category') ?? undefined;
  const page = readPageParam(params.get('page'));
  const categories = useGetCategoriesQuery(undefined);
  const products = useGetProductsQuery(
    { category: chosen, sort: 'best_selling', page, limit: PAGE_SIZE },
    { skip: !chosen },
  );
  const current = categories.data?.items.find((c) => c.slug === chosen);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-8 text-3xl font-semibold">{current?.name ?? t('category.title')}</h1>
      <nav aria-label={t('category.list')}>
        <ul className="flex flex-wrap gap-3">
          {categories.data?.items.map((category) => (
            <li key={category.slug}>
              <Link
                to={`/category?category=${encodeURIComponent(category.slug)}`}
                aria-current={category.slug === chosen ? 'page' : undefined}
                className={`block rounded border px-4 py-2 text-sm ${
                  category.slug === chosen
                    ? 'border-brand bg-brand text-white'
                    : 'border-neutral-300 hover:border-brand'
                }`}
              >
                {category.name} <span className="opacity-70">({category.productCount})</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-10">
        {chosen ? (
          <>
            <ProductGrid products={products.data?.items} loading={products.isFetching} />
            {products.data?.total === 0 && <p>{t('category.empty')}</p>}
            {products.data && (
              <Pagination page={page} total={products.data.total} limit={PAGE_SIZE} />
            )}
          </>
        ) : (
          <p className="text-muted">{t('category.choose')}</p>
        )}
      </div>
    </div>
  );
}
