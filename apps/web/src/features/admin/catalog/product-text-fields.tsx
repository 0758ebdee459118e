import type { Path } from 'react-hook-form';
import type { ProductEditorInput } from '@souq/contracts/admin-catalog';
import { TextInput } from '../shared/admin-form';
import { useAdminTranslation } from '../shared/admin-i18n';

/*
 * The product editor's words in each language the shop speaks: every language-specific field of
 * the editor is here, so a change to how translations are kept changes this file alone.
 */

/** The shop's own language, whose words are required, then Arabic, whose `…Ar` field may be empty. */
const languages = [
  { lang: 'en', dir: 'ltr', suffix: '', empty: undefined },
  { lang: 'ar', dir: 'rtl', suffix: 'Ar', empty: 'null' },
] as const;

/** One text field per language, side by side. */
function InEachLanguage({
  field,
  labels,
  invalidText,
  maxLength,
  rows,
}: {
  field: 'name' | 'description' | `colours.${number}.name`;
  /** In the order of `languages`. */
  labels: readonly [string, string];
  invalidText: string;
  maxLength: number;
  rows?: number;
}) {
  return languages.map((language, i) => (
    <TextInput<ProductEditorInput>
      key={language.lang}
      name={`${field}${language.suffix}` as Path<ProductEditorInput>}
      label={labels[i] ?? ''}
      invalidText={invalidText}
      dir={language.dir}
      lang={language.lang}
      maxLength={maxLength}
      rows={rows}
      empty={language.empty}
    />
  ));
}

/** The product's name and description. */
export function ProductTextFields() {
  const { t } = useAdminTranslation();
  return (
    <>
      <InEachLanguage
        field="name"
        labels={[t('editor.nameEn'), t('editor.nameAr')]}
        invalidText={t('editor.nameInvalid')}
        maxLength={200}
      />
      <InEachLanguage
        field="description"
        labels={[t('editor.descriptionEn'), t('editor.descriptionAr')]}
        invalidText={t('editor.descriptionInvalid')}
        maxLength={5000}
        rows={4}
      />
    </>
  );
}

/** The name of the colour at `index`. */
export function ColourNameFields({ index }: { index: number }) {
  const { t } = useAdminTranslation();
  return (
    <InEachLanguage
      field={`colours.${index}.name`}
      labels={[t('editor.colourName'), t('editor.colourNameAr')]}
      invalidText={t('editor.colourNameInvalid')}
      maxLength={50}
    />
  );
}
