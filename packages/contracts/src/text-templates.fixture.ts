/** A language's texts as a resource bundle holds them (locale files, mail locales). */
export type Messages = { [key: string]: string | Messages };

/**
 * Every text's key, i18next's plural suffixes folded (languages have different plural forms):
 * the keys the tests that compare `templateTranslation` with i18next ask for.
 */
export function textKeys(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [`${prefix}${key}`.replace(/_(zero|one|two|few|many|other)$/, '')]
      : textKeys(value, `${prefix}${key}.`),
  );
}
