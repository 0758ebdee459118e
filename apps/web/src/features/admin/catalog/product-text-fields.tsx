import { defaultLanguage, languageOf } from '@souq/contracts/languages';
import type { ProductEditorInput } from '@souq/contracts/admin-catalog';
import { TextInput } from '../shared/admin-form';
import { useAdminTranslation } from '../shared/admin-i18n';
import { TranslationFields, type TranslatedField } from '../shared/translation-fields';

/*
 * The product editor's words in each language the shop speaks: the shop's own language in the
 * product's `name` and `description`, every other one through TranslationFields.
 */

const shopLanguage = languageOf(defaultLanguage);

/** One text in the shop's own language (required), then in each other language, side by side. */
function InEachLanguage({
  name,
  prefix = '',
  label,
  translated,
}: {
  name: 'name' | 'description' | `colours.${number}.name`;
  prefix?: string;
  label: string;
  translated: TranslatedField;
}) {
  return (
    <>
      <TextInput<ProductEditorInput>
        name={name}
        label={label}
        invalidText={translated.invalidText}
        dir={shopLanguage.dir}
        lang={shopLanguage.code}
        maxLength={translated.maxLength}
        rows={translated.rows}
      />
      <TranslationFields fields={[translated]} prefix={prefix} />
    </>
  );
}

/** The product's name and description. */
export function ProductTextFields() {
  const { t } = useAdminTranslation();
  return (
    <>
      <InEachLanguage
        name="name"
        label={t('editor.nameEn')}
        translated={{
          field: 'name',
          label: (language) => t('editor.nameIn', { language }),
          invalidText: t('editor.nameInvalid'),
          maxLength: 200,
        }}
      />
      <InEachLanguage
        name="description"
        label={t('editor.descriptionEn')}
        translated={{
          field: 'description',
          label: (language) => t('editor.descriptionIn', { language }),
          invalidText: t('editor.descriptionInvalid'),
          maxLength: 5000,
          rows: 4,
        }}
      />
    </>
  );
}

/** The name of the colour at `index`. */
export function ColourNameFields({ index }: { index: number }) {
  const { t } = useAdminTranslation();
  return (
    <InEachLanguage
      name={`colours.${index}.name`}
      prefix={`colours.${index}.`}
      label={t('editor.colourName')}
      translated={{
        field: 'name',
        label: (language) => t('editor.colourNameIn', { language }),
        invalidText: t('editor.colourNameInvalid'),
        maxLength: 50,
      }}
    />
  );
}
