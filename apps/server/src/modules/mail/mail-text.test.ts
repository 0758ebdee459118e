import fs from 'node:fs';
import path from 'node:path';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { defaultLanguage, shopLanguages, translatedLanguages } from '@souq/contracts/languages';
import { textKeys, type Messages } from '@souq/contracts/text-templates.fixture';
import { mailLocaleFolders } from './locale-folders';
import { mailText } from './mail-text';

function read(code: string): Messages {
  const folder = mailLocaleFolders.find((f) => fs.existsSync(path.join(f, `${code}.json`)));
  if (!folder) throw new Error(`no mail text in ${code}`);
  return JSON.parse(fs.readFileSync(path.join(folder, `${code}.json`), 'utf8')) as Messages;
}

const placeholders = (messages: Messages) =>
  JSON.stringify(messages)
    .match(/\{\{\s*\w+\s*\}\}/g)
    ?.sort() ?? [];

describe.each(translatedLanguages.map((language) => language.code))('mails in %s', (code) => {
  it("say everything the default language's mails say, with the same placeholders", () => {
    const own = read(defaultLanguage);
    const translated = read(code);
    expect([...new Set(textKeys(translated))].sort()).toEqual([...new Set(textKeys(own))].sort());
    expect(new Set(placeholders(translated))).toEqual(new Set(placeholders(own)));
  });
});

describe.each(shopLanguages.map((language) => language.code))('mail texts in %s', (code) => {
  it('are written as i18next writes them, with values, counts and formats', () => {
    const i18next = createInstance();
    void i18next.init({
      resources: Object.fromEntries(shopLanguages.map((l) => [l.code, { mail: read(l.code) }])),
      ns: ['mail'],
      defaultNS: 'mail',
      lng: code,
      fallbackLng: defaultLanguage,
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    const expected = i18next.getFixedT(code);
    const t = mailText(code);
    const own = read(code);
    let compared = 0;
    for (const key of new Set([
      ...textKeys(read(defaultLanguage)),
      ...textKeys(own),
      'no.such.text',
    ])) {
      // Every placeholder's name but `count`, which i18next reads as the plural's number.
      const names = [...JSON.stringify(read(defaultLanguage)).matchAll(/\{\{\s*(\w+)/g)]
        .map((m) => m[1] ?? '')
        .filter((name) => name !== 'count');
      const asText = Object.fromEntries(names.map((name) => [name, `‹${name} ${code}›`]));
      const asNumbers = Object.fromEntries(names.map((name, i) => [name, 1000 + i]));
      const counts = [0, 1, 2, 3, 11, 100, 1.5].flatMap((count) => [
        { count },
        { ...asText, count },
      ]);
      for (const options of [undefined, asText, asNumbers, ...counts, { count: '3' }]) {
        expect(t(key, options as never), `${key} ${JSON.stringify(options)}`).toBe(
          expected(key, options as never),
        );
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});
