import type { FieldValues } from 'react-hook-form';
import { translatedLanguages, type ShopLanguage } from '@souq/contracts/languages';
import { TextInput } from './admin-form';

/** One translated text of an entity: `name`, `description`. */
export interface TranslatedField {
  field: string;
  /** The box's label, given the language's name in itself ("Name (العربية)"). */
  label: (languageName: string) => string;
  /** Said beside the box when the schema refuses it. */
  invalidText?: string;
  maxLength: number;
  /** A text area of this many rows instead of a one-line box. */
  rows?: number;
}

/**
 * The text boxes of an AdminForm for the shop's languages besides the default (whose text is the
 * entity's own `name`, `description`): one per language and field, bound to
 * `<prefix>translations.<code>.<field>`, written in the language's direction. A blank box is
 * null, so saving removes that text.
 */
export function TranslationFields({
  fields,
  prefix = '',
  className,
}: {
  fields: readonly TranslatedField[];
  /** Where `translations` sits in the form's values: `colours.2.` for a colour's. */
  prefix?: string;
  className?: string;
}) {
  return translatedLanguages.flatMap((language: ShopLanguage) =>
    fields.map(({ field, label, invalidText, maxLength, rows }) => (
      <TextInput<FieldValues>
        key={`${language.code}.${field}`}
        name={`${prefix}translations.${language.code}.${field}`}
        label={label(language.nativeName)}
        invalidText={invalidText}
        lang={language.code}
        dir={language.dir}
        maxLength={maxLength}
        rows={rows}
        empty="null"
        className={className}
      />
    )),
  );
}
