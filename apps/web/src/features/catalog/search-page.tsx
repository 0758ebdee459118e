import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { localized } from '../../lib/localized';
import { useAppDispatch } from '../../store/hooks';
import { searchSubmitted } from '../../store/ui-slice';
import { useGetCategoriesQuery, useGetProductsQuery } from '../../lib/catalog-api';
import { readSearchView } from './catalog-params';
import { PAGE_SIZE, Pagination } from './pagination';
import { ProductGrid } from '../../shared/product/product-grid';
import { paths } from '../../lib/paths';

/** Results for ?query=, best match first; the query becomes the ui filter text (the header box shows it). */
export default function SearchPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const { query, page, products } = readSearchView(params);
  const results = useGetProductsQuery(products, { skip: !query });

  useEffect(() => {
    dispatch(searchSubmitted(query));
  }, [dispatch, query]);

  const empty = !query || results.data?.total === 0;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-2 text-3xl font-semibold break-words">
        {query ? t('search.resultsFor', { query }) : t('search.title')}
      </h1>
      <p className="mb-8 h-5 text-sm text-muted" aria-live="polite">
        {results.data && t('products.count', { count: results.data.total })}
      </p>
      {empty ? (
        <SearchHelp hasQuery={query !== ''} />
      ) : (
        <>
          <ProductGrid products={results.data?.items} loading={results.isLoading} eagerCount={4} />
          {results.isError && <p role="alert">{t('errors.productsUnavailable')}</p>}
          {results.data && <Pagination page={page} total={results.data.total} limit={PAGE_SIZE} />}
        </>
      )}
    </div>
  );
}

/** What to do next when there is nothing to show: tips, the categories and all products. */
function SearchHelp({ hasQuery }: { hasQuery: boolean }) {
  const { t, i18n } = useTranslation();
  const categories = useGetCategoriesQuery(undefined);
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <p className="text-lg">{hasQuery ? t('search.noResults') : t('search.prompt')}</p>
      <p className="text-muted">{t('search.tips')}</p>
      {categories.data && (
        <nav aria-label={t('search.browseCategories')}>
          <p className="mb-3 font-medium">{t('search.browseCategories')}</p>
          <ul className="flex flex-wrap gap-2">
            {categories.data.items.map((category) => (
              <li key={category.slug}>
                <Link
                  to={paths.category(category.slug)}
                  className="block rounded border border-neutral-300 px-3 py-1.5 text-sm hover:border-brand"
                >
                  {localized(category, 'name', i18n.language)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <Link to={paths.products} className="w-fit text-brand underline underline-offset-4">
        {t('home.viewAll')}
      </Link>
    </div>
  );
}
