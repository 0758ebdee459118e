import { describe, expect, it } from 'vitest';
import { translatedLanguages } from '@souq/contracts/languages';

type Messages = { [key: string]: string | Messages };

const shopFiles = import.meta.glob<Messages>('./*/*.json', { eager: true, import: 'default' });
/** A lazily loaded feature keeps its text beside it: features/<feature>/locales/<language>/<area>.json. */
const featureFiles = import.meta.glob<Messages>('../features/*/locales/*/*.json', {
  eager: true,
  import: 'default',
});
/** Every text file as "./<language>/<area>", a feature's areas named "<feature>:<area>". */
const files: Record<string, Messages> = {
  ...shopFiles,
  ...Object.fromEntries(
    Object.entries(featureFiles).map(([path, messages]) => {
      const [, feature, language, area] = /^\.\.\/features\/([^/]+)\/locales\/([^/]+)\/(.+)$/.exec(
        path,
      )!;
      return [`./${language}/${feature}:${area}`, messages];
    }),
  ),
};
const englishAreas = Object.keys(files)
  .filter((path) => path.startsWith('./en/'))
  .map((path) => path.slice('./en/'.length));

/** Every leaf as [dotted key, text]. */
function leaves(messages: Messages, prefix = ''): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );
}

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** Keys with i18next's plural suffixes folded into one key: languages have different plural forms. */
function byBaseKey(messages: Messages): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const [key, text] of leaves(messages)) {
    const base = key.replace(pluralSuffix, '');
    result.set(base, [...(result.get(base) ?? []), text]);
  }
  return result;
}

/** Placeholder names, without a format such as ", number": {{count, number}} → count. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^,}\s]+)[^}]*\}\}/g)].map((m) => m[1]!).sort();
}

describe.each(translatedLanguages.map((language) => language.code))(
  '%s translations',
  (language) => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;

    it('has a file for every English area and no other', () => {
      const areas = Object.keys(files)
        .filter((path) => path.startsWith(`./${language}/`))
        .map((path) => path.slice(`./${language}/`.length));
      expect(areas.sort()).toEqual([...englishAreas].sort());
    });

    it.each(englishAreas)('%s has exactly the English keys and placeholders', (area) => {
      const english = byBaseKey(files[`./en/${area}`]!);
      const translated = byBaseKey(files[`./${language}/${area}`] ?? {});
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, englishTexts] of english) {
        const expected = [...new Set(englishTexts.flatMap(placeholders))].sort();
        const isPlural = englishTexts.length > 1;
        for (const text of translated.get(key) ?? []) {
          // A plural form may spell its number out ("two items") instead of using {{count}}.
          const found = isPlural
            ? [...new Set([...placeholders(text), 'count'])].sort()
            : placeholders(text);
          expect(found, `${area}: ${key}`).toEqual(expected);
        }
      }
    });

    it.each(englishAreas)('%s gives plural keys every plural form of the language', (area) => {
      const pluralKeys = leaves(files[`./${language}/${area}`] ?? {})
        .map(([key]) => key)
        .filter((key) => pluralSuffix.test(key));
      const bases = new Set(pluralKeys.map((key) => key.replace(pluralSuffix, '')));
      for (const base of bases) {
        expect(
          pluralKeys.filter((key) => key.startsWith(`${base}_`)).sort(),
          `${area}: ${base}`,
        ).toEqual(categories.map((category) => `${base}_${category}`).sort());
      }
    });

    it.each(englishAreas)('%s is translated, not copied from English', (area) => {
      const english = new Map(leaves(files[`./en/${area}`]!));
      const copied = leaves(files[`./${language}/${area}`] ?? {}).filter(
        // placeholders are code, not English: "{{name}} × {{quantity}}" needs no translation
        ([key, text]) =>
          english.get(key) === text && /[A-Za-z]{3}/.test(text.replace(/\{\{[^}]*\}\}/g, '')),
      );
      expect(copied).toEqual([]);
    });
  },
);
