import { shopLanguages } from '@souq/contracts/languages';
import type { FieldValues, Path } from 'react-hook-form';
import { TextInput } from '../shared/admin-form';

/**
 * One text box per shop language for a text kept per language (`translationsSchema`), each
 * written in its own language and direction: `name.en`, `name.ar`, …
 */
export function TranslatedTextFields<T extends FieldValues>({
  name,
  label,
  invalidText,
  rows,
  maxLength,
}: {
  name: Path<T>;
  /** The field's name; each box adds its language's own name. */
  label: string;
  invalidText?: string;
  rows?: number;
  maxLength: number;
}) {
  return (
    <div className="grid gap-x-4 md:grid-cols-2">
      {shopLanguages.map((language) => (
        <TextInput<T>
          key={language.code}
          name={`${name}.${language.code}` as Path<T>}
          label={`${label} (${language.nativeName})`}
          lang={language.code}
          dir={language.dir}
          rows={rows}
          maxLength={maxLength}
          invalidText={invalidText}
        />
      ))}
    </div>
  );
}
