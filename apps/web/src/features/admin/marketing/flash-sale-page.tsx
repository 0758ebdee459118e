import { useId, useState } from 'react';
import { useController, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  flashSaleEditorSchema,
  type AdminFlashSale,
  type FlashSaleEditor,
} from '@souq/contracts/admin-marketing';
import { Button } from '../../../components/ui/button';
import { Countdown } from '../../../components/ui/countdown';
import { Money } from '../../../components/ui/price';
import { apiErrorMessage } from '../../../lib/api-error';
import { localized } from '../../../lib/localized';
import { AdminForm, DateTimeInput, TextInput, useAdminForm } from '../shared/admin-form';
import { useAdminTranslation } from '../shared/admin-i18n';
import { StatusBadge } from '../shared/status-badge';
import { adminPaths } from '../shared/admin-paths';
import { controlClass, Notice, SHOP_TIME_ZONE, toShopInput } from '../shared/list-parts';
import {
  useDeleteFlashSaleMutation,
  useEndFlashSaleMutation,
  useGetAdminFlashSaleQuery,
  useGetFlashSalesQuery,
  useSaveFlashSaleMutation,
  useSearchProductsQuery,
} from './marketing-api';
import { PageHeading, Panel, RecordState } from '../shared/page-parts';

type Picked = AdminFlashSale['products'][number];

/** /admin/flash-sales/new and /admin/flash-sales/:id: schedule or change a sale, end or delete it. */
export function FlashSalePage() {
  const { t } = useAdminTranslation();
  const { id: idParam } = useParams();
  const id = idParam === 'new' ? undefined : Number(idParam);
  const sale = useGetAdminFlashSaleQuery(id ?? 0, { skip: id === undefined });
  if (id === undefined) {
    return (
      <>
        <PageHeading title={t('flashSales.new')} />
        <SaleForm />
      </>
    );
  }
  if (sale.error || !sale.data) {
    return <RecordState query={sale} notFound={t('flashSales.notFound')} />;
  }
  return (
    <>
      <PageHeading title={sale.data.name}>
        <StatusBadge state={sale.data.state}>{t(`saleState.${sale.data.state}`)}</StatusBadge>
      </PageHeading>
      <div className="flex flex-col gap-6">
        <SaleActions sale={sale.data} />
        {sale.data.state === 'ended' ? (
          <Panel id="sale-products" title={t('flashSales.products')}>
            <ProductList products={sale.data.products} />
          </Panel>
        ) : (
          <SaleForm key={`${sale.data.id}-${sale.data.endsAt}`} sale={sale.data} />
        )}
      </div>
    </>
  );
}

function SaleActions({ sale }: { sale: AdminFlashSale }) {
  const { t } = useAdminTranslation();
  const { t: shopT } = useTranslation();
  const navigate = useNavigate();
  const [endSale, ending] = useEndFlashSaleMutation();
  const [deleteSale, deleting] = useDeleteFlashSaleMutation();
  const error = ending.error ?? deleting.error;
  if (sale.state === 'ended') return <p className="text-muted">{t('flashSales.endedNote')}</p>;
  // A running sale can be ended; one not yet started can be deleted.
  const running = sale.state === 'running';
  const press = () => {
    if (!window.confirm(t(running ? 'flashSales.endConfirm' : 'flashSales.deleteConfirm'))) return;
    if (running) void endSale(sale.id);
    else
      void deleteSale(sale.id).then((result) => {
        if (!result.error) void navigate(adminPaths.flashSales);
      });
  };
  return (
    <div className="flex flex-wrap items-center gap-3 rounded bg-white p-4 shadow-sm">
      <p className="flex-1">{t(running ? 'flashSales.runningNote' : 'flashSales.scheduledNote')}</p>
      <Button
        variant="outline"
        className="min-h-11"
        disabled={ending.isLoading || deleting.isLoading}
        onClick={press}
      >
        {t(running ? 'flashSales.endNow' : 'flashSales.delete')}
      </Button>
      {error && <Notice failed text={apiErrorMessage(shopT, error)} />}
    </div>
  );
}

function SaleForm({ sale }: { sale?: AdminFlashSale }) {
  const { t } = useAdminTranslation();
  const { t: shopT } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [save, { isLoading }] = useSaveFlashSaleMutation();
  const [notice, setNotice] = useState<{ text: string; failed?: boolean } | null>(null);
  const form = useAdminForm(flashSaleEditorSchema, {
    name: sale?.name ?? '',
    startsAt: sale?.startsAt,
    endsAt: sale?.endsAt,
    productIds: sale?.products.map((product) => product.id) ?? [],
  });
  const [startsAt, endsAt] = form.watch(['startsAt', 'endsAt']);

  const submit = async (values: FlashSaleEditor) => {
    const result = await save({ id: sale?.id, sale: values });
    if (result.error) {
      setNotice({ text: apiErrorMessage(shopT, result.error), failed: true });
      return result;
    }
    setNotice({ text: t('flashSales.saved') });
    if (!sale) await navigate(adminPaths.flashSale(result.data.id));
    return result;
  };

  return (
    <AdminForm form={form} onSubmit={submit} className="flex flex-col gap-6">
      <Panel id={`${id}-when`} title={t('flashSales.when')}>
        <div className="grid gap-x-4 gap-y-1 md:grid-cols-2">
          <TextInput<FlashSaleEditor>
            name="name"
            label={t('flashSales.name')}
            invalidText={t('flashSales.nameError')}
            required
            maxLength={100}
            className="md:col-span-2"
          />
          <DateTimeInput<FlashSaleEditor>
            name="startsAt"
            label={t('flashSales.startsAt', { zone: SHOP_TIME_ZONE })}
            invalidText={t('flashSales.startsAtError')}
            required
          />
          <DateTimeInput<FlashSaleEditor>
            name="endsAt"
            label={t('flashSales.endsAt', { zone: SHOP_TIME_ZONE })}
            invalidText={t('flashSales.endsAtError')}
            required
          />
          <ServerTimeNote />
        </div>
      </Panel>
      <Panel id={`${id}-products`} title={t('flashSales.products')}>
        <SaleProducts initial={sale?.products ?? []} />
      </Panel>
      <Preview startsAt={startsAt || null} endsAt={endsAt || null} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isLoading} className="min-h-11">
          {sale ? t('flashSales.save') : t('flashSales.schedule')}
        </Button>
        <Link
          to={adminPaths.flashSales}
          className="inline-flex min-h-11 items-center px-2 underline"
        >
          {t('flashSales.back')}
        </Link>
      </div>
      {notice && <Notice {...notice} />}
    </AdminForm>
  );
}

/**
 * The sale's products, held by the form as their ids. A refusal names the list (none picked) or
 * one product by its place in it (in another sale at those times).
 */
function SaleProducts({ initial }: { initial: Picked[] }) {
  const { t } = useAdminTranslation();
  const [picked, setPicked] = useState(initial);
  const {
    field: { onChange },
    fieldState: { error },
  } = useController<FlashSaleEditor, 'productIds'>({ name: 'productIds' });
  const choose = (next: Picked[]) => {
    setPicked(next);
    onChange(next.map((product) => product.id));
  };
  // A product's refusal is set at `productIds.<place>`, the list's own at `productIds`.
  const refused = error as (FieldError & Record<number, FieldError | undefined>) | undefined;
  const clash = picked.findIndex((_, place) => refused?.[place]);
  const message = !refused
    ? undefined
    : clash >= 0
      ? t('flashSales.productClash', {
          name: picked[clash]?.name ?? '',
          reason: refused[clash]?.message ?? '',
        })
      : t('flashSales.productsError');
  return (
    <>
      {message && (
        <p role="alert" className="mb-3 text-brand">
          {message}
        </p>
      )}
      <ProductList
        products={picked}
        onRemove={(pid) => choose(picked.filter((p) => p.id !== pid))}
      />
      <ProductPicker picked={picked} onPick={(product) => choose([...picked, product])} />
    </>
  );
}

/** The server's time, so a wrong device clock does not mislead whoever schedules. */
function ServerTimeNote() {
  const { t } = useAdminTranslation();
  const sales = useGetFlashSalesQuery(undefined);
  if (!sales.data) return null;
  return (
    <p className="text-sm text-muted md:col-span-2">
      {t('flashSales.serverTimeInput', {
        time: toShopInput(sales.data.serverTime).replace('T', ' '),
        zone: SHOP_TIME_ZONE,
      })}
    </p>
  );
}

/** The countdown exactly as the shop's home page shows it: the storefront's own component. */
function Preview({ startsAt, endsAt }: { startsAt: string | null; endsAt: string | null }) {
  const { t } = useAdminTranslation();
  const { t: shopT } = useTranslation();
  if (!startsAt || !endsAt || Date.parse(endsAt) <= Date.parse(startsAt)) return null;
  return (
    <Panel id="sale-preview" title={t('flashSales.preview')}>
      <p className="mb-4 text-sm text-muted">{t('flashSales.previewNote')}</p>
      <div className="flex flex-wrap items-end gap-x-20 gap-y-4 rounded border border-neutral-200 p-4">
        <div className="flex flex-col gap-4">
          <p className="flex items-center gap-3 font-semibold text-brand">
            <span aria-hidden="true" className="h-10 w-5 rounded bg-brand" />
            {shopT('home.today')}
          </p>
          <p className="text-2xl font-semibold tracking-wide md:text-4xl">
            {shopT('home.flashSales')}
          </p>
        </div>
        {/* As at the sale's start: the whole of it still to run. */}
        <Countdown key={`${startsAt}-${endsAt}`} endsAt={endsAt} serverTime={startsAt} />
      </div>
    </Panel>
  );
}

function ProductList({
  products,
  onRemove,
}: {
  products: Picked[];
  onRemove?: (id: number) => void;
}) {
  const { t, i18n } = useAdminTranslation();
  if (products.length === 0) return <p className="mb-4 text-muted">{t('flashSales.noProducts')}</p>;
  return (
    <ul aria-label={t('flashSales.chosen')} className="mb-4 grid gap-2 sm:grid-cols-2">
      {products.map((product) => (
        <li
          key={product.id}
          className="flex items-center gap-3 rounded border border-neutral-200 p-2"
        >
          <img
            src={product.image}
            alt=""
            className="h-12 w-12 shrink-0 rounded bg-surface object-contain"
          />
          <span className="flex min-w-0 flex-1 flex-col text-sm">
            <bdi className="truncate">{localized(product, 'name', i18n.language)}</bdi>
            <Money amount={product.price} currency={product.currency} className="text-muted" />
          </span>
          {onRemove && (
            <button
              type="button"
              onClick={() => onRemove(product.id)}
              className="min-h-11 px-2 text-sm underline hover:text-brand"
              aria-label={t('flashSales.remove', { name: product.name })}
            >
              {t('flashSales.removeShort')}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Searches the catalog and adds a product to the sale. */
function ProductPicker({
  picked,
  onPick,
}: {
  picked: Picked[];
  onPick: (product: Picked) => void;
}) {
  const { t, i18n } = useAdminTranslation();
  const [query, setQuery] = useState('');
  const [typed, setTyped] = useState('');
  const results = useSearchProductsQuery(query, { skip: query.length < 2 });
  const id = useId();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <label
          htmlFor={`${id}-find`}
          className="flex min-w-0 flex-1 basis-56 flex-col gap-1 text-sm"
        >
          {t('flashSales.findProduct')}
          <input
            id={`${id}-find`}
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                setQuery(typed.trim());
              }
            }}
            className={controlClass}
          />
        </label>
        <Button variant="outline" className="min-h-11" onClick={() => setQuery(typed.trim())}>
          {t('marketing.search')}
        </Button>
      </div>
      {results.data && (
        <ul aria-label={t('flashSales.results')} className="grid gap-2 sm:grid-cols-2">
          {results.data.items.map((product) => {
            const chosen = picked.some((p) => p.id === product.id);
            const name = localized(product, 'name', i18n.language);
            return (
              <li
                key={product.id}
                className="flex items-center gap-3 rounded border border-neutral-200 p-2"
              >
                <img
                  src={product.images[0]}
                  alt=""
                  className="h-12 w-12 shrink-0 rounded bg-surface object-contain"
                />
                <span className="flex min-w-0 flex-1 flex-col text-sm">
                  <bdi className="truncate">{name}</bdi>
                  <Money
                    amount={product.price}
                    currency={product.currency}
                    className="text-muted"
                  />
                </span>
                <Button
                  variant="outline"
                  className="min-h-11 px-3"
                  disabled={chosen}
                  aria-label={t('flashSales.add', { name: product.name })}
                  onClick={() =>
                    onPick({
                      id: product.id,
                      name: product.name,
                      translations: product.translations,
                      image: product.images[0] ?? '',
                      price: product.price,
                      currency: product.currency,
                    })
                  }
                >
                  {chosen ? t('flashSales.added') : t('flashSales.addShort')}
                </Button>
              </li>
            );
          })}
          {results.data.items.length === 0 && (
            <li className="text-muted">{t('flashSales.noResults')}</li>
          )}
        </ul>
      )}
    </div>
  );
}
