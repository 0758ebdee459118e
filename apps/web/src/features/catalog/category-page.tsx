import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { localized } from '../../lib/localized';
import { useGetCategoriesQuery, useGetProductsQuery } from '../../lib/catalog-api';
import { readCategoryView } from './catalog-params';
import { PAGE_SIZE, Pagination } from './pagination';
import { NotFound } from '../../shared/not-found';
import { ProductGrid } from '../../shared/product/product-grid';
import { paths } from '../../lib/paths';

/** The categories, and the products of the chosen one (?category=slug). */
export default function CategoryPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const { chosen, page, products: query } = readCategoryView(params);
  const categories = useGetCategoriesQuery(undefined);
  const products = useGetProductsQuery(query, { skip: !chosen });
  const current = categories.data?.items.find((c) => c.slug === chosen);
  // An unknown category is an address that does not exist (the server answers it 404).
  if (chosen !== undefined && categories.data !== undefined && !current) return <NotFound />;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-8 text-3xl font-semibold">
        {current ? localized(current, 'name', i18n.language) : t('category.title')}
      </h1>
      <nav aria-label={t('category.list')}>
        <ul className="flex flex-wrap gap-3">
          {categories.data
            ? categories.data.items.map((category) => (
                <li key={category.slug}>
                  <Link
                    to={paths.category(category.slug)}
                    aria-current={category.slug === chosen ? 'page' : undefined}
                    className={`block rounded border px-4 py-2 text-sm ${
                      category.slug === chosen
                        ? 'border-brand bg-brand text-white'
                        : 'border-neutral-300 hover:border-brand'
                    }`}
                  >
                    {localized(category, 'name', i18n.language)}{' '}
                    <span className="opacity-70">({category.productCount})</span>
                  </Link>
                </li>
              ))
            : Array.from({ length: 9 }, (_, i) => (
                <li
                  key={i}
                  aria-hidden="true"
                  className="h-[38px] w-36 animate-pulse rounded bg-surface"
                />
              ))}
        </ul>
      </nav>
      <div className="mt-10">
        {!chosen ? (
          <p className="text-muted">{t('category.choose')}</p>
        ) : (
          <>
            <ProductGrid
              products={products.data?.items}
              loading={products.isLoading}
              eagerCount={4}
            />
            {products.isError && <p role="alert">{t('errors.productsUnavailable')}</p>}
            {products.data?.total === 0 && <p>{t('category.empty')}</p>}
            {products.data && (
              <Pagination page={page} total={products.data.total} limit={PAGE_SIZE} />
            )}
          </>
        )}
      </div>
    </div>
  );
}
