import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  productStockStates,
  type AdminCategory,
  type AdminProductListQuery,
  type AdminProductSummary,
  type ProductBulkAction,
} from '@souq/contracts/admin-catalog';
import { mediaSrcSet } from '@souq/contracts/media';
import { Button, primaryLinkClass } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { Money } from '../../../components/ui/price';
import { apiErrorMessage } from '../../../lib/api-error';
import { localized } from '../../../lib/localized';
import { numberFormat } from '../../../lib/number-format';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useAdminTranslation } from '../shared/admin-i18n';
import { StatusBadge } from '../shared/status-badge';
import { adminPaths } from '../shared/admin-paths';
import {
  useBulkProductsMutation,
  useGetAdminCategoriesQuery,
  useGetAdminProductsQuery,
} from './catalog-api';
import { readProductListParams } from './product-list-params';
import { LoadError, Loading, PageHeading, Pager, useDateFormat } from '../shared/page-parts';

type BulkChoice = ProductBulkAction['action'];
const bulkChoices: BulkChoice[] = ['publish', 'unpublish', 'move', 'delete'];

/** Products, latest edit first, with search, filters and page in the URL, and bulk actions. */
export function ProductsPage() {
  const { t } = useAdminTranslation();
  const [params] = useSearchParams();
  const query = readProductListParams(params);
  const products = useGetAdminProductsQuery(query, { refetchOnMountOrArgChange: true });
  const categories = useGetAdminCategoriesQuery(undefined);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const page = query.page ?? 1;
  const items = products.data?.items ?? [];
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allSelected = items.length > 0 && items.every((p) => selected.has(p.id));
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(items.map((p) => p.id)));
  return (
    <>
      <PageHeading title={t('products.title')}>
        <Link to={adminPaths.newProduct} className={`${primaryLinkClass} ms-auto min-h-11`}>
          {t('products.add')}
        </Link>
      </PageHeading>
      <ProductFilters
        key={params.toString()}
        query={query}
        categories={categories.data?.items ?? []}
      />
      <div aria-live="polite" className="sr-only">
        {products.data && !products.isFetching
          ? t('products.found', { count: products.data.total })
          : ''}
      </div>
      {selected.size > 0 && (
        <BulkBar
          ids={[...selected]}
          categories={categories.data?.items ?? []}
          onDone={() => setSelected(new Set())}
        />
      )}
      {products.error ? (
        <LoadError error={products.error} onRetry={() => void products.refetch()} />
      ) : !products.data ? (
        <Loading />
      ) : items.length === 0 ? (
        <p className="rounded bg-white p-6 text-muted">{t('products.none')}</p>
      ) : (
        <div aria-busy={products.isFetching}>
          <label className="mb-3 flex min-h-11 items-center gap-3 md:hidden">
            <input
              type="checkbox"
              checked={allSelected}
              onChange={toggleAll}
              className="size-5 accent-brand"
            />
            {t('products.selectAll')}
          </label>
          <ProductCards products={items} selected={selected} onToggle={toggle} />
          <ProductTable
            products={items}
            selected={selected}
            onToggle={toggle}
            allSelected={allSelected}
            onToggleAll={toggleAll}
          />
          <Pager
            page={page}
            hasMore={page * products.data.pageSize < products.data.total}
            hrefFor={(n) => adminPaths.productsMatching({ ...query, page: n })}
            summary={t('products.pageSummary', {
              page,
              pages: Math.max(1, Math.ceil(products.data.total / products.data.pageSize)),
              count: products.data.total,
            })}
          />
        </div>
      )}
    </>
  );
}

function ProductFilters({
  query,
  categories,
}: {
  query: AdminProductListQuery;
  categories: AdminCategory[];
}) {
  const { t, i18n } = useAdminTranslation();
  const [, setParams] = useSearchParams();
  const id = useId();
  const wide = useMediaQuery('(min-width: 640px)');
  const [showFilters, setShowFilters] = useState(
    query.category !== undefined ||
      query.stock !== undefined ||
      query.onSale !== undefined ||
      query.published !== undefined,
  );
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of ['q', 'category', 'stock', 'onSale', 'published']) {
      const value = form.get(key);
      if (typeof value === 'string' && value.trim()) next.set(key, value.trim());
    }
    setParams(next);
  };
  const field = 'flex flex-col gap-1 text-sm';
  const control = `${inputClass} min-h-11 bg-white border border-neutral-300`;
  const yesNo = (name: 'onSale' | 'published', any: string, yes: string, no: string) => (
    <select
      name={name}
      defaultValue={query[name] === undefined ? '' : String(query[name])}
      className={control}
    >
      <option value="">{any}</option>
      <option value="true">{yes}</option>
      <option value="false">{no}</option>
    </select>
  );
  return (
    <form
      role="search"
      aria-label={t('products.searchLabel')}
      onSubmit={submit}
      className="mb-6 grid gap-3 rounded bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-6"
    >
      <label className={`${field} sm:col-span-2`} htmlFor={`${id}-q`}>
        {t('products.search')}
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          defaultValue={query.q ?? ''}
          maxLength={100}
          placeholder={t('products.searchHint')}
          className={control}
        />
      </label>
      <details
        open={wide || showFilters}
        onToggle={(event) => setShowFilters(event.currentTarget.open)}
        className="sm:col-span-2 lg:col-span-4"
      >
        <summary className="flex min-h-11 cursor-pointer items-center font-medium sm:hidden">
          {t('products.filters')}
          <span aria-hidden="true" className="ms-2 text-sm">
            ▾
          </span>
        </summary>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <label className={field}>
            {t('products.category')}
            <select name="category" defaultValue={query.category ?? ''} className={control}>
              <option value="">{t('products.anyCategory')}</option>
              {categories.map((c) => (
                <option key={c.id} value={c.slug}>
                  {localized(c, 'name', i18n.language)}
                </option>
              ))}
            </select>
          </label>
          <label className={field}>
            {t('products.stock')}
            <select name="stock" defaultValue={query.stock ?? ''} className={control}>
              <option value="">{t('products.anyStock')}</option>
              {productStockStates.map((state) => (
                <option key={state} value={state}>
                  {t(`products.stockState.${state}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={field}>
            {t('products.onSale')}
            {yesNo('onSale', t('products.any'), t('products.onSaleYes'), t('products.onSaleNo'))}
          </label>
          <label className={field}>
            {t('products.published')}
            {yesNo(
              'published',
              t('products.any'),
              t('products.publishedYes'),
              t('products.publishedNo'),
            )}
          </label>
        </div>
      </details>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-6">
        <Button type="submit" className="min-h-11">
          {t('products.apply')}
        </Button>
        <Link
          to={adminPaths.products}
          className="inline-flex min-h-11 items-center px-2 underline hover:text-brand"
        >
          {t('products.clear')}
        </Link>
      </div>
    </form>
  );
}

/** The chosen action for the selected products, asked to be confirmed before it is sent. */
function BulkBar({
  ids,
  categories,
  onDone,
}: {
  ids: number[];
  categories: AdminCategory[];
  onDone: () => void;
}) {
  const { t, i18n } = useAdminTranslation();
  const { t: shopT } = useTranslation();
  const [action, setAction] = useState<BulkChoice>('publish');
  const [categoryId, setCategoryId] = useState<number | undefined>(categories[0]?.id);
  const [confirming, setConfirming] = useState(false);
  const [bulk, { isLoading, error, reset }] = useBulkProductsMutation();
  const [done, setDone] = useState<string | null>(null);
  const control = `${inputClass} min-h-11 bg-white border border-neutral-300`;
  const run = async () => {
    const body: ProductBulkAction =
      action === 'move' ? { action, ids, categoryId: categoryId ?? 0 } : { action, ids };
    const result = await bulk(body);
    setConfirming(false);
    if ('data' in result && result.data) {
      setDone(t(`products.bulkDone.${action}`, { count: result.data.updated }));
      onDone();
    }
  };
  return (
    <section
      aria-label={t('products.bulkLabel')}
      className="mb-4 flex flex-col gap-3 rounded border border-brand/40 bg-white p-4"
    >
      <p className="font-medium">{t('products.selected', { count: ids.length })}</p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm">
          {t('products.bulkAction')}
          <select
            value={action}
            onChange={(event) => {
              setAction(event.currentTarget.value as BulkChoice);
              setConfirming(false);
              reset();
            }}
            className={control}
          >
            {bulkChoices.map((choice) => (
              <option key={choice} value={choice}>
                {t(`products.bulk.${choice}`)}
              </option>
            ))}
          </select>
        </label>
        {action === 'move' && (
          <label className="flex flex-col gap-1 text-sm">
            {t('products.moveTo')}
            <select
              value={categoryId ?? ''}
              onChange={(event) => setCategoryId(Number(event.currentTarget.value))}
              className={control}
            >
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {localized(c, 'name', i18n.language)}
                </option>
              ))}
            </select>
          </label>
        )}
        {!confirming && (
          <Button className="min-h-11" onClick={() => setConfirming(true)}>
            {t('products.bulkApply')}
          </Button>
        )}
      </div>
      {confirming && (
        <div
          role="alertdialog"
          aria-label={t('products.confirmTitle')}
          className="flex flex-wrap items-center gap-3 rounded bg-surface p-3"
        >
          <p>{t(`products.confirm.${action}`, { count: ids.length })}</p>
          <Button className="min-h-11" disabled={isLoading} onClick={() => void run()}>
            {t('products.confirmYes')}
          </Button>
          <Button variant="outline" className="min-h-11" onClick={() => setConfirming(false)}>
            {t('products.confirmNo')}
          </Button>
        </div>
      )}
      {error !== undefined && (
        <p role="alert" className="text-brand">
          {apiErrorMessage(shopT, error)}
        </p>
      )}
      <p aria-live="polite" className="text-sm text-muted">
        {done}
      </p>
    </section>
  );
}

function Thumbnail({ src }: { src: string }) {
  return (
    <img
      src={src}
      srcSet={mediaSrcSet(src)}
      sizes="48px"
      alt=""
      width={48}
      height={48}
      loading="lazy"
      className="size-12 shrink-0 rounded bg-surface object-contain"
    />
  );
}

function ProductName({ product }: { product: AdminProductSummary }) {
  const { i18n } = useAdminTranslation();
  return <bdi>{localized(product, 'name', i18n.language)}</bdi>;
}

function StockBadge({ product }: { product: AdminProductSummary }) {
  const { t, i18n } = useAdminTranslation();
  return (
    <StatusBadge state={product.stockState}>
      {t(`products.stockState.${product.stockState}`)} ·{' '}
      {numberFormat(i18n.language, {}).format(product.stock)}
    </StatusBadge>
  );
}

function PublishedBadge({ published }: { published: boolean }) {
  const { t } = useAdminTranslation();
  return (
    <StatusBadge state={published ? 'published' : 'unpublished'}>
      {published ? t('products.publishedYes') : t('products.publishedNo')}
    </StatusBadge>
  );
}

interface RowsProps {
  products: AdminProductSummary[];
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
}

/** Phones: one card per product, with its checkbox beside the link. */
function ProductCards({ products, selected, onToggle }: RowsProps) {
  const { t } = useAdminTranslation();
  return (
    <ul className="flex flex-col gap-3 md:hidden">
      {products.map((product) => (
        <li key={product.id} className="flex items-start gap-3 rounded bg-white p-4 shadow-sm">
          <input
            type="checkbox"
            checked={selected.has(product.id)}
            onChange={() => onToggle(product.id)}
            aria-label={t('products.select', { name: product.name })}
            className="mt-3 size-5 shrink-0 accent-brand"
          />
          <Link to={adminPaths.product(product.id)} className="flex min-w-0 flex-1 gap-3">
            <Thumbnail src={product.image} />
            <span className="flex min-w-0 flex-col gap-1">
              <span className="font-medium text-brand">
                <ProductName product={product} />
              </span>
              <span className="flex flex-wrap items-center gap-2 text-sm">
                <Money amount={product.price} currency={product.currency} />
                <StockBadge product={product} />
                <PublishedBadge published={product.published} />
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function ProductTable({
  products,
  selected,
  onToggle,
  allSelected,
  onToggleAll,
}: RowsProps & { allSelected: boolean; onToggleAll: () => void }) {
  const { t, i18n } = useAdminTranslation();
  const { dateTime } = useDateFormat();
  const heading = 'px-3 py-3 text-start font-normal';
  return (
    <table className="hidden w-full rounded bg-white text-sm shadow-sm md:table">
      <caption className="sr-only">{t('products.title')}</caption>
      <thead>
        <tr className="border-b border-neutral-300 text-muted">
          <th scope="col" className="w-10 px-3 py-3">
            <input
              type="checkbox"
              checked={allSelected}
              onChange={onToggleAll}
              aria-label={t('products.selectAll')}
              className="size-5 accent-brand"
            />
          </th>
          <th scope="col" className={heading}>
            {t('products.name')}
          </th>
          <th scope="col" className={heading}>
            {t('products.category')}
          </th>
          <th scope="col" className={`${heading} text-end`}>
            {t('products.price')}
          </th>
          <th scope="col" className={heading}>
            {t('products.stock')}
          </th>
          <th scope="col" className={heading}>
            {t('products.published')}
          </th>
          <th scope="col" className={heading}>
            {t('products.updated')}
          </th>
        </tr>
      </thead>
      <tbody>
        {products.map((product) => (
          <tr key={product.id} className="border-b border-neutral-100 last:border-0">
            <td className="px-3 py-3">
              <input
                type="checkbox"
                checked={selected.has(product.id)}
                onChange={() => onToggle(product.id)}
                aria-label={t('products.select', { name: product.name })}
                className="size-5 accent-brand"
              />
            </td>
            <td className="px-3 py-2">
              <Link
                to={adminPaths.product(product.id)}
                className="flex items-center gap-3 font-medium text-brand hover:underline"
              >
                <Thumbnail src={product.image} />
                <ProductName product={product} />
              </Link>
            </td>
            <td className="px-3 py-3">
              <bdi>{localized(product.category, 'name', i18n.language)}</bdi>
            </td>
            <td className="px-3 py-3 text-end whitespace-nowrap">
              <Money amount={product.price} currency={product.currency} />
              {product.onSale && (
                <span className="ms-2">
                  <StatusBadge state="on_sale">{t('products.onSaleYes')}</StatusBadge>
                </span>
              )}
            </td>
            <td className="px-3 py-3">
              <StockBadge product={product} />
            </td>
            <td className="px-3 py-3">
              <PublishedBadge published={product.published} />
            </td>
            <td className="px-3 py-3 whitespace-nowrap text-muted">
              {dateTime(product.updatedAt)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
