import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  adminProductListQuerySchema,
  productStockStates,
  type AdminCategory,
  type AdminProductListQuery,
  type AdminProductSummary,
  type ProductBulkAction,
} from '@souq/contracts/admin-catalog';
import { Button, primaryLinkClass } from '../../../components/ui/button';
import { Money } from '../../../components/ui/price';
import { Thumbnail } from '../../../components/ui/thumbnail';
import { apiErrorMessage } from '../../../lib/api-error';
import { localized } from '../../../lib/localized';
import { numberFormat } from '../../../lib/number-format';
import { useAdminTranslation } from '../shared/admin-i18n';
import { StatusBadge } from '../shared/status-badge';
import { adminPaths } from '../shared/admin-paths';
import {
  useBulkProductsMutation,
  useGetAdminCategoriesQuery,
  useGetAdminProductsQuery,
} from './catalog-api';
import { controlClass, ListFilters } from '../shared/list-parts';
import { readListQuery } from '../shared/list-query';
import { Loaded, PageHeading, pageCount, Pager, useDateFormat } from '../shared/page-parts';

type BulkChoice = ProductBulkAction['action'];
const bulkChoices: BulkChoice[] = ['publish', 'unpublish', 'move', 'delete'];

/** Products, latest edit first, with search, filters and page in the URL, and bulk actions. */
export function ProductsPage() {
  const { t } = useAdminTranslation();
  const [params] = useSearchParams();
  const query = readListQuery(adminProductListQuerySchema, params);
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
      <ProductFilters query={query} categories={categories.data?.items ?? []} />
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
      <Loaded query={products}>
        {(data) =>
          items.length === 0 ? (
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
                of={data}
                hrefFor={(n) => adminPaths.productsMatching({ ...query, page: n })}
                summary={t('products.pageSummary', {
                  page,
                  pages: pageCount(data),
                  count: data.total,
                })}
              />
            </div>
          )
        }
      </Loaded>
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
  const yesNo = (yes: string, no: string) => [
    { value: 'true', label: yes },
    { value: 'false', label: no },
  ];
  return (
    <ListFilters
      query={query}
      clearTo={adminPaths.products}
      text={{
        label: t('products.searchLabel'),
        search: t('products.search'),
        searchHint: t('products.searchHint'),
        filters: t('products.filters'),
        apply: t('products.apply'),
        clear: t('products.clear'),
      }}
      filters={[
        {
          name: 'category',
          label: t('products.category'),
          anyLabel: t('products.anyCategory'),
          options: categories.map((c) => ({
            value: c.slug,
            label: localized(c, 'name', i18n.language),
          })),
        },
        {
          name: 'stock',
          label: t('products.stock'),
          anyLabel: t('products.anyStock'),
          options: productStockStates.map((state) => ({
            value: state,
            label: t(`products.stockState.${state}`),
          })),
        },
        {
          name: 'onSale',
          label: t('products.onSale'),
          anyLabel: t('products.any'),
          options: yesNo(t('products.onSaleYes'), t('products.onSaleNo')),
        },
        {
          name: 'published',
          label: t('products.published'),
          anyLabel: t('products.any'),
          options: yesNo(t('products.publishedYes'), t('products.publishedNo')),
        },
      ]}
    />
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
            className={controlClass}
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
              className={controlClass}
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

const thumbnailClass = 'size-12 shrink-0 rounded bg-surface object-contain';

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
  return (
    <ul className="flex flex-col gap-3 md:hidden">
      {products.map((product) => (
        <li key={product.id} className="flex items-start gap-3 rounded bg-white p-4 shadow-sm">
          {/* The box is small; its frame is the 44 px a thumb needs. */}
          <label className="-ms-3 mt-1 flex size-11 shrink-0 cursor-pointer items-center justify-center">
            <SelectBox product={product} selected={selected} onToggle={onToggle} />
          </label>
          <Link to={adminPaths.product(product.id)} className="flex min-w-0 flex-1 gap-3">
            <Thumbnail src={product.image} size={48} lazy className={thumbnailClass} />
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
              <SelectBox product={product} selected={selected} onToggle={onToggle} />
            </td>
            <td className="px-3 py-2">
              <Link
                to={adminPaths.product(product.id)}
                className="flex items-center gap-3 font-medium text-brand hover:underline"
              >
                <Thumbnail src={product.image} size={48} lazy className={thumbnailClass} />
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

/** A product's box in the list's selection, for the bulk actions. */
function SelectBox({
  product,
  selected,
  onToggle,
}: {
  product: AdminProductSummary;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
}) {
  const { t } = useAdminTranslation();
  return (
    <input
      type="checkbox"
      checked={selected.has(product.id)}
      onChange={() => onToggle(product.id)}
      aria-label={t('products.select', { name: product.name })}
      className="size-5 accent-brand"
    />
  );
}
