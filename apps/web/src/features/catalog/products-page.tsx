import { productSorts, type ProductSort } from '@souq/contracts/catalog';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useGetProductsQuery } from './catalog-api';
import { PAGE_SIZE, Pagination, readPageParam } from './pagination';
import { ProductGrid } from './product-grid';

function readSort(value: string | null): ProductSort {
  return productSorts.find((s) => s === value) ?? 'best_selling';
}

/** Every product, sorted and paged; the view lives in the URL so links and Back reproduce it. */
export default function ProductsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = readPageParam(params.get('page'));
  const sort = readSort(params.get('sort'));
  const products = useGetProductsQuery({ sort, page, limit: PAGE_SIZE });

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-semibold">{t('products.title')}</h1>
        <label className="flex items-center gap-2 text-sm">
          {t('products.sortBy')}
          <select
            value={sort}
            onChange={(event) => {
              const next = new URLSearchParams(params);
              next.set('sort', event.target.value);
              next.delete('page');
              setParams(next);
            }}
            className="rounded border border-neutral-300 px-2 py-1"
          >
            {productSorts
              .filter((s) => s !== 'relevance')
              .map((s) => (
                <option key={s} value={s}>
                  {t(`sort.${s}`)}
                </option>
              ))}
          </select>
        </label>
      </div>
      {products.data && (
        <p className="mb-6 text-sm text-muted">
          {t('products.count', { count: products.data.total })}
        </p>
      )}
      <ProductGrid products={products.data?.items} loading={products.isFetching} eagerCount={4} />
      {products.isError && <p role="alert">{t('errors.productsUnavailable')}</p>}
      {products.data && <Pagination page={page} total={products.data.total} limit={PAGE_SIZE} />}
    </div>
  );
}
