import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultLanguage, translatedLanguages } from '@souq/contracts/languages';
import { mailLocaleFolders } from './locale-folders';

type Messages = { [key: string]: string | Messages };

function read(code: string): Messages {
  const folder = mailLocaleFolders.find((f) => fs.existsSync(path.join(f, `${code}.json`)));
  if (!folder) throw new Error(`no mail text in ${code}`);
  return JSON.parse(fs.readFileSync(path.join(folder, `${code}.json`), 'utf8')) as Messages;
}

/** Every text's key, i18next's plural suffixes folded (languages have different plural forms). */
function keys(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [`${prefix}${key}`.replace(/_(zero|one|two|few|many|other)$/, '')]
      : keys(value, `${prefix}${key}.`),
  );
}

const placeholders = (messages: Messages) =>
  JSON.stringify(messages)
    .match(/\{\{\s*\w+\s*\}\}/g)
    ?.sort() ?? [];

describe.each(translatedLanguages.map((language) => language.code))('mails in %s', (code) => {
  it("say everything the default language's mails say, with the same placeholders", () => {
    const own = read(defaultLanguage);
    const translated = read(code);
    expect([...new Set(keys(translated))].sort()).toEqual([...new Set(keys(own))].sort());
    expect(new Set(placeholders(translated))).toEqual(new Set(placeholders(own)));
  });
});
