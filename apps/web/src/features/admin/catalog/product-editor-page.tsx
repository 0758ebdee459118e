import { taxClasses } from '@souq/contracts/tax';
import { useEffect, useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  productEditorSchema,
  type AdminCategory,
  type AdminProduct,
  type ProductEditor,
  type ProductEditorInput,
} from '@souq/contracts/admin-catalog';
import { exampleAmountText } from '@souq/contracts/money';
import { mediaSrcSet } from '@souq/contracts/media';
import { Button } from '../../../components/ui/button';
import { localized } from '../../../lib/localized';
import {
  AdminForm,
  CheckboxInput,
  GroupError,
  ListInput,
  MoneyInput,
  NumberInput,
  SelectInput,
  TextInput,
  useAdminForm,
} from '../shared/admin-form';
import { useAdminTranslation } from '../shared/admin-i18n';
import { adminPaths } from '../shared/admin-paths';
import { LoadError, Loading, PageHeading, Panel, SendOutcome } from '../shared/page-parts';
import {
  useGetAdminCategoriesQuery,
  useGetAdminProductQuery,
  useGetStockAlertCountsQuery,
  useSaveProductMutation,
} from './catalog-api';
import { PictureUpload } from './picture-upload';
import { ColourNameFields, ProductTextFields } from './product-text-fields';
import { StockAdjustmentForm, useVariantName } from './stock-adjustment-form';
import { useShopCurrency } from '../shared/admin-api';

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
            className="ms-auto inline-flex min-h-11 items-center underline hover:text-brand"
          >
            {t('editor.ledgerLink')}
          </Link>
        )}
      </PageHeading>
      {/* Stock changes through the ledger in a form of its own, beside the product's on a wide screen. */}
      <div
        className={`grid items-start gap-6 ${saved ? 'xl:grid-cols-[minmax(0,1fr)_20rem]' : ''}`}
      >
        <ProductForm key={saved?.id ?? 'new'} product={saved} categories={categories.data.items} />
        {saved && (
          <div className="xl:sticky xl:top-6">
            <StockAdjustmentForm product={saved} />
          </div>
        )}
      </div>
    </>
  );
}

type Combination = { colour: string | null; size: string | null };

const comboKey = ({ colour, size }: Combination) => JSON.stringify([colour, size]);

/** The variants a product must have: each named colour × each size, one with neither when none. */
function combinations(
  colours: ProductEditorInput['colours'],
  sizes: ProductEditorInput['sizes'],
): Combination[] {
  const names = colours.map((c) => c.name.trim()).filter(Boolean);
  return (names.length ? names : [null]).flatMap((colour) =>
    (sizes.length ? sizes : [null]).map((size) => ({ colour, size })),
  );
}

/** What the editor starts with: the saved product, or an empty one in the first category. */
function startingValues(
  product: AdminProduct | undefined,
  categories: AdminCategory[],
): ProductEditorInput {
  if (!product)
    return {
      name: '',
      description: '',
      translations: {},
      price: Number.NaN,
      compareAtPrice: null,
      categoryId: categories[0]?.id ?? Number.NaN,
      images: [],
      colours: [],
      sizes: [],
      variants: [{ colour: null, size: null, sku: null, initialStock: 0 }],
      published: false,
      lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
      taxClass: 'standard',
    };
  return {
    slug: product.slug,
    name: product.name,
    description: product.description,
    translations: product.translations,
    price: product.price,
    compareAtPrice: product.compareAtPrice,
    categoryId: product.category.id,
    images: product.images,
    colours: product.colours,
    sizes: product.sizes,
    variants: product.variants.map(({ colour, size, sku }) => ({ colour, size, sku })),
    published: product.published,
    lowStockThreshold: product.lowStockThreshold,
    taxClass: product.taxClass,
  };
}

function ProductForm({
  product,
  categories,
}: {
  product: AdminProduct | undefined;
  categories: AdminCategory[];
}) {
  const { t, i18n } = useAdminTranslation();
  const navigate = useNavigate();
  const shopCurrency = useShopCurrency();
  const currency = product?.currency ?? shopCurrency;
  const [save, saving] = useSaveProductMutation();
  const [saved, setSaved] = useState(false);
  const form = useAdminForm(productEditorSchema, startingValues(product, categories));
  const submit = async (body: ProductEditor) => {
    setSaved(false);
    const result = await save({ id: product?.id, product: body });
    if (result.data) {
      // The saved product as the server keeps it: its new variants now have stock, not a start.
      if (product) form.reset(startingValues(result.data, categories));
      else await navigate(adminPaths.product(result.data.id));
      setSaved(true);
    }
    return result;
  };

  return (
    <AdminForm form={form} onSubmit={submit} className="flex min-w-0 flex-col gap-6">
      <Panel id="details-heading" title={t('editor.details')}>
        <div className="grid gap-3 md:grid-cols-2">
          <ProductTextFields />
          <MoneyInput name="price" label={t('editor.price')} currency={currency} />
          <MoneyInput
            name="compareAtPrice"
            label={t('editor.compareAt')}
            invalidText={t('editor.compareAtInvalid', {
              currency,
              example: exampleAmountText(currency),
            })}
            currency={currency}
            optional
          />
          <SelectInput
            name="categoryId"
            label={t('editor.category')}
            options={categories.map((c) => ({
              value: c.id,
              label: localized(c, 'name', i18n.language),
            }))}
          />
          <NumberInput
            name="lowStockThreshold"
            label={t('editor.threshold')}
            invalidText={t('editor.countInvalid')}
          />
          <SelectInput
            name="taxClass"
            label={t('editor.taxClass')}
            options={taxClasses.map((taxClass) => ({
              value: taxClass,
              label: t(`editor.taxClasses.${taxClass}`),
            }))}
          />
          <CheckboxInput name="published" label={t('editor.published')} />
        </div>
      </Panel>
      <PicturesPanel />
      <VariantsPanel product={product} />
      <SendOutcome error={saving.error} done={saved ? t('editor.saved') : ''} />
      <Button type="submit" className="min-h-11 w-fit" disabled={saving.isLoading}>
        {product ? t('editor.save') : t('editor.create')}
      </Button>
    </AdminForm>
  );
}

/** The pictures in their order (the first is the main one): upload, move, remove. */
function PicturesPanel() {
  const { t } = useAdminTranslation();
  const { control, getValues, setValue, formState } = useFormContext<ProductEditorInput>();
  const images = useWatch({ control, name: 'images' });
  const setImages = (next: string[]) =>
    setValue('images', next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  const move = (from: number, to: number) => {
    const next = images.filter((_, i) => i !== from);
    next.splice(to, 0, images[from] ?? '');
    setImages(next);
  };
  return (
    <Panel id="pictures-heading" title={t('editor.pictures')}>
      <ol className="mb-3 flex flex-wrap gap-3">
        {images.map((image, i) => {
          const n = i + 1;
          const actions = [
            { label: t('editor.pictureEarlier', { n }), symbol: '←', off: i === 0, to: i - 1 },
            {
              label: t('editor.pictureLater', { n }),
              symbol: '→',
              off: n === images.length,
              to: n,
            },
          ];
          return (
            <li
              key={image}
              className="flex flex-col items-center gap-2 rounded border border-neutral-200 p-2"
            >
              <img
                src={image}
                srcSet={mediaSrcSet(image)}
                sizes="96px"
                alt={t('editor.pictureN', { n })}
                width={96}
                height={96}
                className="size-24 object-contain"
              />
              {i === 0 && <span className="text-xs text-muted">{t('editor.mainPicture')}</span>}
              <span className="flex gap-1">
                {actions.map((action) => (
                  <Button
                    key={action.symbol}
                    variant="outline"
                    className="min-h-11 px-3 py-1"
                    disabled={action.off}
                    aria-label={action.label}
                    onClick={() => move(i, action.to)}
                  >
                    <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
                      {action.symbol}
                    </span>
                  </Button>
                ))}
                <Button
                  variant="outline"
                  className="min-h-11 px-3 py-1"
                  aria-label={t('editor.pictureRemove', { n })}
                  onClick={() => setImages(images.filter((x) => x !== image))}
                >
                  ✕
                </Button>
              </span>
              <GroupError<ProductEditorInput>
                name={`images.${i}`}
                invalidText={t('editor.pictureInvalid')}
              />
            </li>
          );
        })}
      </ol>
      <PictureUpload
        label={t('editor.addPictures')}
        multiple
        // Several files arrive one after another within one render: add to the latest list.
        onUploaded={(media) => setImages([...getValues('images'), media.path])}
      />
      <GroupError<ProductEditorInput> name="images" invalidText={t('editor.picturesInvalid')} />
    </Panel>
  );
}

/** A field of a table row, named to screen readers by its label; the column heading shows it. */
const labelInHeading = '[&>label]:sr-only';

/**
 * Colours and sizes, and a row per combination of them, kept to exactly the combinations as
 * colours and sizes change: its SKU, and either the stock it starts with (a new combination)
 * or the stock it has, which changes only in the stock adjustment form.
 */
function VariantsPanel({ product }: { product: AdminProduct | undefined }) {
  const { t, i18n } = useAdminTranslation();
  const variantName = useVariantName();
  const { control, getValues, register } = useFormContext<ProductEditorInput>();
  const colours = useFieldArray({ control, name: 'colours' });
  const variants = useFieldArray({ control, name: 'variants' });
  const [colourValues, sizes] = useWatch({ control, name: ['colours', 'sizes'] });
  const saved = new Map(product?.variants.map((v) => [comboKey(v), v]) ?? []);
  // How many shoppers wait to be told when a sold-out variant is back.
  const alerts = useGetStockAlertCountsQuery(product?.id ?? 0, { skip: !product });
  const waitingFor = (variantId: number) =>
    alerts.data?.items.find((item) => item.variantId === variantId)?.waiting ?? 0;
  const wanted = JSON.stringify(combinations(colourValues, sizes));
  const { replace } = variants;
  useEffect(() => {
    const combos = JSON.parse(wanted) as Combination[];
    const current = getValues('variants');
    if (combos.map(comboKey).join() === current.map(comboKey).join()) return;
    const typed = new Map(current.map((v) => [comboKey(v), v]));
    const isSaved = new Set(product?.variants.map(comboKey));
    replace(
      combos.map(
        (combo) =>
          typed.get(comboKey(combo)) ?? {
            ...combo,
            sku: null,
            ...(isSaved.has(comboKey(combo)) ? {} : { initialStock: 0 }),
          },
      ),
    );
  }, [wanted, getValues, replace, product]);

  return (
    <Panel id="variants-heading" title={t('editor.variants')}>
      <div className="mb-4 flex flex-col gap-3">
        {colours.fields.map((field, i) => (
          <fieldset
            key={field.id}
            className="grid items-start gap-x-3 border-b border-neutral-100 pb-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto_auto]"
          >
            <legend className="sr-only">{t('editor.colourN', { n: i + 1 })}</legend>
            <ColourNameFields index={i} />
            {/* On a phone the swatch and the remove button share a line. */}
            <div className="flex items-end gap-3 sm:contents">
              <label className="flex flex-col gap-1 text-sm text-neutral-700">
                {t('editor.swatch')}
                <input type="color" {...register(`colours.${i}.hex`)} className="h-11 w-16" />
              </label>
              <Button
                variant="outline"
                className="min-h-11 w-fit px-4 py-2 sm:mt-6"
                onClick={() => colours.remove(i)}
              >
                {t('editor.removeColour')}
              </Button>
            </div>
          </fieldset>
        ))}
        <Button
          variant="outline"
          className="min-h-11 w-fit px-4 py-2"
          onClick={() => colours.append({ name: '', translations: {}, hex: '#1f2937' })}
        >
          {t('editor.addColour')}
        </Button>
        <GroupError<ProductEditorInput> name="colours" invalidText={t('editor.coloursInvalid')} />
        <ListInput
          name="sizes"
          label={t('editor.sizes')}
          invalidText={t('editor.sizesInvalid')}
          placeholder="S, M, L"
        />
      </div>
      <GroupError<ProductEditorInput> name="variants" invalidText={t('editor.variantsInvalid')} />
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
          {variants.fields.map((field, i) => {
            const name = variantName(field);
            const current = saved.get(comboKey(field));
            return (
              <tr
                key={field.id}
                className="flex flex-wrap items-start border-b border-neutral-100 md:table-row"
              >
                <th scope="row" className="basis-full px-2 pt-2 text-start font-medium md:py-4">
                  <bdi>{name}</bdi>
                </th>
                <td className="min-w-0 flex-1 px-2 pt-2">
                  <TextInput<ProductEditorInput>
                    name={`variants.${i}.sku`}
                    label={t('editor.skuOf', { variant: name })}
                    invalidText={t('editor.skuInvalid')}
                    className={labelInHeading}
                    placeholder="SKU"
                    dir="ltr"
                    maxLength={64}
                    empty="null"
                  />
                </td>
                <td className="w-32 shrink-0 px-2 pt-2">
                  {/* A combination the product has yet to save starts with stock; a saved one has it. */}
                  {'initialStock' in field ? (
                    <NumberInput<ProductEditorInput>
                      name={`variants.${i}.initialStock`}
                      label={t('editor.initialStockOf', { variant: name })}
                      invalidText={t('editor.countInvalid')}
                      className={labelInHeading}
                    />
                  ) : (
                    <>
                      <span className="inline-flex min-h-11 items-center gap-2">
                        {/* The column's heading is hidden on a phone, so the figure says what it is. */}
                        <span className="text-sm text-muted md:hidden">{t('editor.stock')}</span>
                        {current && new Intl.NumberFormat(i18n.language).format(current.stock)}
                      </span>
                      {current && waitingFor(current.id) > 0 && (
                        <span className="block pb-2 text-xs font-medium text-brand">
                          {t('editor.waitingOf', { count: waitingFor(current.id) })}
                        </span>
                      )}
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Panel>
  );
}
