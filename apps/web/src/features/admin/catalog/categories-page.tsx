import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  categoryEditorSchema,
  type AdminCategory,
  type CategoryEditor,
} from '@souq/contracts/admin-catalog';
import { translatedLanguages, type LanguageCode } from '@souq/contracts/languages';
import { Button } from '../../../components/ui/button';
import { Thumbnail } from '../../../components/ui/thumbnail';
import { apiErrorMessage } from '../../../lib/api-error';
import { AdminForm, FormButtons, TextInput, useAdminForm } from '../shared/admin-form';
import { useAdminTranslation } from '../shared/admin-i18n';
import { TranslationFields } from '../shared/translation-fields';
import {
  useDeleteCategoryMutation,
  useGetAdminCategoriesQuery,
  useReorderCategoriesMutation,
  useSaveCategoryMutation,
} from './catalog-api';
import { AddPanel, LoadError, Loading, PageHeading } from '../shared/page-parts';
import { PictureUpload } from './picture-upload';

/** Categories in the storefront's order: add, rename, picture, move up or down, delete when empty. */
export function CategoriesPage() {
  const { t } = useAdminTranslation();
  const categories = useGetAdminCategoriesQuery(undefined);
  const [reorder, reordering] = useReorderCategoriesMutation();
  const [moved, setMoved] = useState('');
  const items = categories.data?.items ?? [];
  const move = async (index: number, by: -1 | 1) => {
    const ids = items.map((c) => c.id);
    const [id] = ids.splice(index, 1);
    if (id === undefined) return;
    ids.splice(index + by, 0, id);
    const result = await reorder(ids);
    const category = items[index];
    if ('data' in result && category)
      setMoved(t('categories.moved', { name: category.name, position: index + by + 1 }));
  };
  return (
    <>
      <PageHeading title={t('categories.title')} />
      <AddPanel label={t('categories.add')}>
        {(close) => <CategoryForm onDone={close} submitLabel={t('categories.create')} />}
      </AddPanel>
      <p aria-live="polite" className="sr-only">
        {moved}
      </p>
      {reordering.error !== undefined && (
        <LoadError error={reordering.error} onRetry={() => reordering.reset()} />
      )}
      {categories.error ? (
        <LoadError error={categories.error} onRetry={() => void categories.refetch()} />
      ) : !categories.data ? (
        <Loading />
      ) : (
        <ol
          className="flex flex-col gap-3"
          aria-busy={categories.isFetching || reordering.isLoading}
        >
          {items.map((category, index) => (
            <li key={category.id} className="rounded bg-white p-4 shadow-sm">
              <CategoryRow
                category={category}
                first={index === 0}
                last={index === items.length - 1}
                onMove={(by) => void move(index, by)}
                busy={reordering.isLoading}
              />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

function CategoryPicture({ image }: { image: string | null }) {
  const { t } = useAdminTranslation();
  if (!image)
    return (
      <span className="flex size-16 shrink-0 items-center justify-center rounded bg-surface text-center text-xs text-muted">
        {t('categories.iconPicture')}
      </span>
    );
  return (
    <Thumbnail src={image} size={64} className="size-16 shrink-0 rounded bg-surface object-cover" />
  );
}

function CategoryRow({
  category,
  first,
  last,
  onMove,
  busy,
}: {
  category: AdminCategory;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  busy: boolean;
}) {
  const { t } = useAdminTranslation();
  const { t: shopT } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [remove, removal] = useDeleteCategoryMutation();
  const small = 'min-h-11 px-4 py-2';
  if (editing)
    return (
      <CategoryForm
        category={category}
        onDone={() => setEditing(false)}
        submitLabel={t('categories.save')}
      />
    );
  return (
    <div className="flex flex-wrap items-center gap-4">
      <CategoryPicture image={category.image} />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="font-medium">
          <bdi>{category.name}</bdi>
          {translatedLanguages.map(({ code, dir }) => {
            const translated = category.translations[code as LanguageCode];
            return (
              translated && (
                <Fragment key={code}>
                  {' · '}
                  <bdi lang={code} dir={dir}>
                    {translated.name}
                  </bdi>
                </Fragment>
              )
            );
          })}
        </span>
        <span className="text-sm text-muted">
          <bdi dir="ltr">{category.slug}</bdi> ·{' '}
          {t('categories.productCount', { count: category.productCount })}
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          className={small}
          disabled={first || busy}
          onClick={() => onMove(-1)}
          aria-label={t('categories.moveUp', { name: category.name })}
        >
          <span aria-hidden="true">↑</span>
        </Button>
        <Button
          variant="outline"
          className={small}
          disabled={last || busy}
          onClick={() => onMove(1)}
          aria-label={t('categories.moveDown', { name: category.name })}
        >
          <span aria-hidden="true">↓</span>
        </Button>
        <Button variant="outline" className={small} onClick={() => setEditing(true)}>
          {t('categories.edit')}
        </Button>
        <Button
          variant="outline"
          className={small}
          disabled={category.productCount > 0 || removal.isLoading}
          title={category.productCount > 0 ? t('categories.notEmpty') : undefined}
          onClick={() => void remove(category.id)}
        >
          {t('categories.delete')}
        </Button>
      </div>
      {removal.error !== undefined && (
        <p role="alert" className="w-full text-sm text-brand">
          {apiErrorMessage(shopT, removal.error)}
        </p>
      )}
    </div>
  );
}

/** Create or rename: its name in every shop language side by side, a picture, errors beside fields. */
function CategoryForm({
  category,
  onDone,
  submitLabel,
}: {
  category?: AdminCategory;
  onDone: () => void;
  submitLabel: string;
}) {
  const { t } = useAdminTranslation();
  const [save, { isLoading, error }] = useSaveCategoryMutation();
  const form = useAdminForm(categoryEditorSchema, {
    name: category?.name ?? '',
    translations: category?.translations ?? {},
    slug: category?.slug,
    image: category?.image ?? null,
  });
  const image = form.watch('image');
  const submit = async (body: CategoryEditor) => {
    const result = await save({ id: category?.id, category: body });
    if ('data' in result) onDone();
    return result;
  };
  return (
    <AdminForm form={form} onSubmit={submit}>
      <div className="grid gap-3 md:grid-cols-2">
        <TextInput
          name="name"
          label={t('categories.nameEn')}
          lang="en"
          dir="ltr"
          required
          maxLength={100}
        />
        <TranslationFields
          fields={[
            {
              field: 'name',
              label: (language) => t('categories.nameIn', { language }),
              maxLength: 100,
            },
          ]}
        />
        <TextInput
          name="slug"
          label={t('categories.slug')}
          dir="ltr"
          maxLength={120}
          placeholder={t('categories.slugHint')}
          empty="absent"
        />
        <div className="flex flex-col gap-2">
          <span className="text-sm text-neutral-700">{t('categories.picture')}</span>
          <div className="flex flex-wrap items-center gap-3">
            <CategoryPicture image={image} />
            <PictureUpload
              label={t('categories.choosePicture')}
              onUploaded={(m) => form.setValue('image', m.path)}
            />
            {image && (
              <Button
                variant="outline"
                className="min-h-11 px-4 py-2"
                onClick={() => form.setValue('image', null)}
              >
                {t('categories.useIcon')}
              </Button>
            )}
          </div>
          {form.formState.errors.image?.message && (
            <p className="text-sm text-brand">{form.formState.errors.image.message}</p>
          )}
        </div>
      </div>
      <FormButtons
        error={error}
        busy={isLoading}
        submitLabel={submitLabel}
        cancelLabel={t('categories.cancel')}
        onCancel={onDone}
      />
    </AdminForm>
  );
}
