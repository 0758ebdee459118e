import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useGetProductsQuery } from './catalog-api';
import { PAGE_SIZE, Pagination, readPageParam } from './pagination';
import { ProductGrid } from './product-grid';
import { useAppDispatch } from '../../store/hooks';
import { setFilterText } from '../../store/ui-slice';

export default function SearchPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const query = (params.get('query') ?? '').trim().slice(0, 200);
  const page = readPageParam(params.get('page'));
  const results = useGetProductsQuery(
    { q: query, sort: 'relevance', page, limit: PAGE_SIZE },
    { skip: !query },
  );

  useEffect(() => {
    dispatch(setFilterText(query));
  }, [dispatch, query]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-2 text-3xl font-semibold">
        {query ? t('search.resultsFor', { query }) : t('search.title')}
      </h1>
      {results.data && (
        <p className="mb-8 text-sm text-muted">
          {t('products.count', { count: results.data.total })}
        </p>
      )}
      {!query || results.data?.total === 0 ? (
        <div className="mt-6 flex flex-col gap-3">
          <p>{query ? t('search.noResults') : t('search.prompt')}</p>
          <p className="text-muted">{t('search.tips')}</p>
          <Link to="/productS" className="w-fit text-brand underline">
            {t('home.viewAll')}
          </Link>
        </div>
      ) : (
        <>
          <ProductGrid products={results.data?.items} loading={results.isFetching} />
          {results.data && <Pagination page={page} total={results.data.total} limit={PAGE_SIZE} />}
        </>
      )}
    </div>
  );
}
