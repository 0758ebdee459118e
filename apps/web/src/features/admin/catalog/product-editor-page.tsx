import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type {
  AdminCategory,
  AdminProduct,
  ProductEditorInput,
} from '@souq/contracts/admin-catalog';
import { mediaSrcSet } from '@souq/contracts/media';
import { majorUnitsText, parseMoney } from '@souq/contracts/money';
import { Button } from '../../../components/ui/button';
import { FormField, fieldAria, inputClass } from '../../../components/ui/form-field';
import { apiErrorMessage, readApiError } from '../../../lib/api-error';
import { useAdminTranslation } from '../shared/admin-i18n';
import { adminPaths } from '../shared/admin-paths';
import {
  useGetAdminCategoriesQuery,
  useGetAdminProductQuery,
  useSaveProductMutation,
} from './catalog-api';
import { MoneyField } from '../shared/money-field';
import { LoadError, Loading, PageHeading, Panel } from '../shared/page-parts';
import { PictureUpload } from './picture-upload';
import { StockAdjustmentForm } from './stock-adjustment-form';

const SHOP_CURRENCY = 'USD';
const control = `${inputClass} min-h-11 border border-neutral-300 bg-white`;

/** /admin/products/new and /admin/products/:id: the product editor. */
export function ProductEditorPage() {
  const { t } = useAdminTranslation();
  const { id } = useParams();
  const productId = id === undefined ? undefined : Number(id);
  const product = useGetAdminProductQuery(productId ?? 0, { skip: productId === undefined });
  const categories = useGetAdminCategoriesQuery(undefined);
  if (product.error)
    return <LoadError error={product.error} onRetry={() => void product.refetch()} />;
  if ((productId !== undefined && !product.data) || !categories.data) return <Loading />;
  const saved = productId === undefined ? undefined : product.data;
  return (
    <>
      <PageHeading title={saved ? saved.name : t('editor.newTitle')}>
        {saved && (
          <Link
            to={adminPaths.stockLedger(saved.id)}
            className="ms-auto underline hover:text-brand"
          >
            {t('editor.ledgerLink')}
          </Link>
        )}
      </PageHeading>
      {/* Stock changes through the ledger in a form of its own, beside the product's on a wide screen. */}
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <ProductForm
          key={saved?.updatedAt ?? 'new'}
          product={saved}
          categories={categories.data.items}
        />
        {saved && (
          <div className="xl:sticky xl:top-6">
            <StockAdjustmentForm product={saved} />
          </div>
        )}
      </div>
    </>
  );
}

interface ColourDraft {
  name: string;
  nameAr: string;
  hex: string;
}

const comboKey = (colour: string | null, size: string | null) => `${colour ?? ''}|${size ?? ''}`;

function ProductForm({
  product,
  categories,
}: {
  product: AdminProduct | undefined;
  categories: AdminCategory[];
}) {
  const { t, i18n } = useAdminTranslation();
  const { t: shopT } = useTranslation();
  const navigate = useNavigate();
  const currency = product?.currency ?? SHOP_CURRENCY;
  const [save, saving] = useSaveProductMutation();
  const [name, setName] = useState(product?.name ?? '');
  const [nameAr, setNameAr] = useState(product?.nameAr ?? '');
  const [description, setDescription] = useState(product?.description ?? '');
  const [descriptionAr, setDescriptionAr] = useState(product?.descriptionAr ?? '');
  const [price, setPrice] = useState(product ? majorUnitsText(product.price, currency) : '');
  const [compareAt, setCompareAt] = useState(
    product?.compareAtPrice == null ? '' : majorUnitsText(product.compareAtPrice, currency),
  );
  const [categoryId, setCategoryId] = useState(product?.category.id ?? categories[0]?.id ?? 0);
  const [images, setImages] = useState<string[]>(product?.images ?? []);
  const [colours, setColours] = useState<ColourDraft[]>(
    product?.colours.map((c) => ({ name: c.name, nameAr: c.nameAr ?? '', hex: c.hex })) ?? [],
  );
  const [sizes, setSizes] = useState((product?.sizes ?? []).join(', '));
  const [skus, setSkus] = useState<Record<string, string>>(
    Object.fromEntries(
      product?.variants.map((v) => [comboKey(v.colour, v.size), v.sku ?? '']) ?? [],
    ),
  );
  const [initial, setInitial] = useState<Record<string, string>>({});
  const [published, setPublished] = useState(product?.published ?? false);
  const [threshold, setThreshold] = useState(String(product?.lowStockThreshold ?? 5));
  const [saved, setSaved] = useState(false);

  const sizeList = sizes
    .split(/[,،]/)
    .map((s) => s.trim())
    .filter(Boolean);
  const colourNames = colours.map((c) => c.name.trim()).filter(Boolean);
  const combos = (colourNames.length ? colourNames : [null]).flatMap((colour) =>
    (sizeList.length ? sizeList : [null]).map((size) => ({ colour, size })),
  );
  const existing = new Map(product?.variants.map((v) => [comboKey(v.colour, v.size), v]) ?? []);
  const fields = saving.error === undefined ? {} : readApiError(saving.error).fields;

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const priceMinor = parseMoney(price, currency);
    const compareMinor = compareAt.trim() ? parseMoney(compareAt, currency) : null;
    if (priceMinor === null || (compareAt.trim() && compareMinor === null)) return;
    const body: ProductEditorInput = {
      name: name.trim(),
      nameAr: nameAr.trim() || null,
      description: description.trim(),
      descriptionAr: descriptionAr.trim() || null,
      price: priceMinor,
      compareAtPrice: compareMinor,
      categoryId,
      images,
      colours: colours
        .filter((c) => c.name.trim())
        .map((c) => ({ name: c.name.trim(), nameAr: c.nameAr.trim() || null, hex: c.hex })),
      sizes: sizeList,
      variants: combos.map(({ colour, size }) => {
        const key = comboKey(colour, size);
        const stock = Number(initial[key] ?? '0');
        return {
          colour,
          size,
          sku: skus[key]?.trim() || null,
          ...(existing.has(key)
            ? {}
            : { initialStock: Number.isInteger(stock) && stock > 0 ? stock : 0 }),
        };
      }),
      published,
      lowStockThreshold: Number(threshold),
      ...(product ? { slug: product.slug } : {}),
    };
    const result = await save({ id: product?.id, product: body });
    if ('data' in result && result.data) {
      setSaved(true);
      if (!product) await navigate(adminPaths.product(result.data.id));
    }
  };

  const move = (from: number, to: number) =>
    setImages((all) => {
      const next = [...all];
      const [item] = next.splice(from, 1);
      if (item !== undefined) next.splice(to, 0, item);
      return next;
    });

  return (
    <>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-6">
        <Panel id="details-heading" title={t('editor.details')}>
          <div className="grid gap-3 md:grid-cols-2">
            <FormField id="name" label={t('editor.nameEn')} error={fields.name}>
              <input
                {...fieldAria('name', fields.name)}
                dir="ltr"
                lang="en"
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                className={control}
              />
            </FormField>
            <FormField id="nameAr" label={t('editor.nameAr')} error={fields.nameAr}>
              <input
                {...fieldAria('nameAr', fields.nameAr)}
                dir="rtl"
                lang="ar"
                value={nameAr}
                onChange={(e) => setNameAr(e.currentTarget.value)}
                className={control}
              />
            </FormField>
            <FormField
              id="description"
              label={t('editor.descriptionEn')}
              error={fields.description}
            >
              <textarea
                {...fieldAria('description', fields.description)}
                dir="ltr"
                lang="en"
                rows={4}
                value={description}
                onChange={(e) => setDescription(e.currentTarget.value)}
                className={control}
              />
            </FormField>
            <FormField
              id="descriptionAr"
              label={t('editor.descriptionAr')}
              error={fields.descriptionAr}
            >
              <textarea
                {...fieldAria('descriptionAr', fields.descriptionAr)}
                dir="rtl"
                lang="ar"
                rows={4}
                value={descriptionAr}
                onChange={(e) => setDescriptionAr(e.currentTarget.value)}
                className={control}
              />
            </FormField>
            <MoneyField
              id="price"
              label={t('editor.price')}
              currency={currency}
              value={price}
              onChange={setPrice}
              serverError={fields.price}
            />
            <MoneyField
              id="compareAtPrice"
              label={t('editor.compareAt')}
              currency={currency}
              value={compareAt}
              onChange={setCompareAt}
              optional
              serverError={fields.compareAtPrice}
            />
            <FormField id="categoryId" label={t('editor.category')} error={fields.categoryId}>
              <select
                {...fieldAria('categoryId', fields.categoryId)}
                value={categoryId}
                onChange={(e) => setCategoryId(Number(e.currentTarget.value))}
                className={control}
              >
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {i18n.language === 'ar' && c.nameAr ? c.nameAr : c.name}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField
              id="lowStockThreshold"
              label={t('editor.threshold')}
              error={fields.lowStockThreshold}
            >
              <input
                {...fieldAria('lowStockThreshold', fields.lowStockThreshold)}
                type="number"
                min={0}
                value={threshold}
                onChange={(e) => setThreshold(e.currentTarget.value)}
                className={control}
              />
            </FormField>
            <label className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                checked={published}
                onChange={(e) => setPublished(e.currentTarget.checked)}
                className="size-5 accent-brand"
              />
              {t('editor.published')}
            </label>
          </div>
        </Panel>

        <Panel id="pictures-heading" title={t('editor.pictures')}>
          <ol className="mb-3 flex flex-wrap gap-3">
            {images.map((image, i) => (
              <li
                key={image}
                className="flex flex-col items-center gap-2 rounded border border-neutral-200 p-2"
              >
                <img
                  src={image}
                  srcSet={mediaSrcSet(image)}
                  sizes="96px"
                  alt={t('editor.pictureN', { n: i + 1 })}
                  width={96}
                  height={96}
                  className="size-24 object-contain"
                />
                {i === 0 && <span className="text-xs text-muted">{t('editor.mainPicture')}</span>}
                <span className="flex gap-1">
                  <Button
                    variant="outline"
                    className="min-h-11 px-3 py-1"
                    disabled={i === 0}
                    aria-label={t('editor.pictureEarlier', { n: i + 1 })}
                    onClick={() => move(i, i - 1)}
                  >
                    <span aria-hidden="true" className="rtl:-scale-x-100">
                      ←
                    </span>
                  </Button>
                  <Button
                    variant="outline"
                    className="min-h-11 px-3 py-1"
                    disabled={i === images.length - 1}
                    aria-label={t('editor.pictureLater', { n: i + 1 })}
                    onClick={() => move(i, i + 1)}
                  >
                    <span aria-hidden="true" className="rtl:-scale-x-100">
                      →
                    </span>
                  </Button>
                  <Button
                    variant="outline"
                    className="min-h-11 px-3 py-1"
                    aria-label={t('editor.pictureRemove', { n: i + 1 })}
                    onClick={() => setImages((all) => all.filter((x) => x !== image))}
                  >
                    ✕
                  </Button>
                </span>
                {fields[`images.${i}`] && (
                  <span className="text-xs text-brand">{fields[`images.${i}`]}</span>
                )}
              </li>
            ))}
          </ol>
          <PictureUpload
            label={t('editor.addPictures')}
            multiple
            onUploaded={(media) => setImages((all) => [...all, media.path])}
          />
          {fields.images && <p className="text-sm text-brand">{fields.images}</p>}
        </Panel>

        <Panel id="variants-heading" title={t('editor.variants')}>
          <div className="mb-4 flex flex-col gap-3">
            {colours.map((colour, i) => (
              <fieldset key={i} className="flex flex-wrap items-end gap-3">
                <legend className="sr-only">{t('editor.colourN', { n: i + 1 })}</legend>
                <label className="flex flex-col gap-1 text-sm">
                  {t('editor.colourName')}
                  <input
                    dir="ltr"
                    value={colour.name}
                    onChange={(e) => {
                      const v = e.currentTarget.value;
                      setColours((all) => all.map((c, j) => (j === i ? { ...c, name: v } : c)));
                    }}
                    className={control}
                  />
                </label>
                <label className="flex flex-col gap-1 text-sm">
                  {t('editor.colourNameAr')}
                  <input
                    dir="rtl"
                    lang="ar"
                    value={colour.nameAr}
                    onChange={(e) => {
                      const v = e.currentTarget.value;
                      setColours((all) => all.map((c, j) => (j === i ? { ...c, nameAr: v } : c)));
                    }}
                    className={control}
                  />
                </label>
                <label className="flex flex-col gap-1 text-sm">
                  {t('editor.swatch')}
                  <input
                    type="color"
                    value={colour.hex}
                    onChange={(e) => {
                      const v = e.currentTarget.value;
                      setColours((all) => all.map((c, j) => (j === i ? { ...c, hex: v } : c)));
                    }}
                    className="h-11 w-16"
                  />
                </label>
                <Button
                  variant="outline"
                  className="min-h-11 px-4 py-2"
                  onClick={() => setColours((all) => all.filter((_, j) => j !== i))}
                >
                  {t('editor.removeColour')}
                </Button>
              </fieldset>
            ))}
            <Button
              variant="outline"
              className="min-h-11 w-fit px-4 py-2"
              onClick={() =>
                setColours((all) => [...all, { name: '', nameAr: '', hex: '#1f2937' }])
              }
            >
              {t('editor.addColour')}
            </Button>
            {fields.colours && <p className="text-sm text-brand">{fields.colours}</p>}
            <FormField id="sizes" label={t('editor.sizes')} error={fields.sizes}>
              <input
                {...fieldAria('sizes', fields.sizes)}
                dir="ltr"
                value={sizes}
                placeholder="S, M, L"
                onChange={(e) => setSizes(e.currentTarget.value)}
                className={control}
              />
            </FormField>
          </div>
          {fields.variants && <p className="mb-2 text-sm text-brand">{fields.variants}</p>}
          {/* On a phone each variant is a block: its name, then its SKU and stock side by side. */}
          <table className="block w-full text-sm md:table">
            <thead className="hidden md:table-header-group">
              <tr className="border-b border-neutral-300 text-muted">
                <th scope="col" className="px-2 py-2 text-start font-normal">
                  {t('editor.variant')}
                </th>
                <th scope="col" className="px-2 py-2 text-start font-normal">
                  SKU
                </th>
                <th scope="col" className="px-2 py-2 text-start font-normal">
                  {t('editor.stock')}
                </th>
              </tr>
            </thead>
            <tbody className="block md:table-row-group">
              {combos.map(({ colour, size }, i) => {
                const key = comboKey(colour, size);
                const current = existing.get(key);
                const label = [colour, size].filter(Boolean).join(' / ') || t('editor.oneVariant');
                return (
                  <tr
                    key={key}
                    className="flex flex-wrap items-center border-b border-neutral-100 md:table-row"
                  >
                    <th scope="row" className="basis-full px-2 pt-2 text-start font-medium md:py-2">
                      <bdi>{label}</bdi>
                    </th>
                    <td className="min-w-0 flex-1 px-2 py-2">
                      <input
                        aria-label={t('editor.skuOf', { variant: label })}
                        placeholder="SKU"
                        dir="ltr"
                        value={skus[key] ?? ''}
                        onChange={(e) => {
                          const v = e.currentTarget.value;
                          setSkus((all) => ({ ...all, [key]: v }));
                        }}
                        className={control}
                        aria-invalid={fields[`variants.${i}.sku`] ? true : undefined}
                      />
                      {fields[`variants.${i}.sku`] && (
                        <span className="text-xs text-brand">{fields[`variants.${i}.sku`]}</span>
                      )}
                    </td>
                    <td className="px-2 py-2">
                      {current ? (
                        new Intl.NumberFormat(i18n.language).format(current.stock)
                      ) : (
                        <input
                          aria-label={t('editor.initialStockOf', { variant: label })}
                          type="number"
                          min={0}
                          value={initial[key] ?? '0'}
                          onChange={(e) => {
                            const v = e.currentTarget.value;
                            setInitial((all) => ({ ...all, [key]: v }));
                          }}
                          className={`${control} w-28`}
                        />
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </Panel>

        {saving.error !== undefined && (
          <p role="alert" className="text-brand">
            {apiErrorMessage(shopT, saving.error)}
          </p>
        )}
        <p aria-live="polite" className="text-emerald-800">
          {saved ? t('editor.saved') : ''}
        </p>
        <Button type="submit" className="min-h-11 w-fit" disabled={saving.isLoading}>
          {product ? t('editor.save') : t('editor.create')}
        </Button>
      </form>
    </>
  );
}
