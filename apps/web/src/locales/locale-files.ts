type Messages = Record<string, unknown>;

/**
 * The web app's text files as Vite finds them: one folder per language of the shop's list
 * (`@souq/contracts/languages`), one file per area of the app (locales/<language>/<area>.json).
 * English, the shop's default language, ships in the entry chunk as the fallback, but for the
 * areas of pages a shopper reaches later (`PageTextArea` in lib/i18n.ts) and the server's own
 * (`seo`); other languages load whole when chosen. Vite needs the patterns written out, so the
 * default language's folder is named here.
 */
export const englishFiles = import.meta.glob<Messages>(
  ['./en/*.json', '!./en/{content,account,auth,checkout,orders}.json', '!./en/seo.json'],
  { eager: true, import: 'default' },
);
export const englishLater = import.meta.glob<Messages>(
  ['./en/{content,account,auth,checkout,orders}.json', './en/seo.json'],
  { import: 'default' },
);
/** Every other language's files, by path; the folder holding a file names its language. */
export const otherLanguageFiles: Record<string, () => Promise<Messages>> =
  import.meta.glob<Messages>(['./*/*.json', '!./en/*'], { import: 'default' });
