import fs from 'node:fs';
import path from 'node:path';
import { createInstance, type i18n as I18n, type TFunction } from 'i18next';
import {
  defaultLanguage,
  languageOf,
  shopLanguages,
  type LanguageCode,
} from '@souq/contracts/languages';
import { mailLocaleFolders } from './locale-folders';

type Messages = Record<string, unknown>;

function readMailLocale(code: string): Messages {
  for (const folder of mailLocaleFolders) {
    const file = path.join(folder, `${code}.json`);
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as Messages;
  }
  throw new Error(`The mails have no text in "${code}": add modules/mail/locales/${code}.json`);
}

let instance: I18n | undefined;

/** The mails' text in every shop language, read once on first use (locales/<code>.json). */
function mailI18n(): I18n {
  if (instance) return instance;
  const made = createInstance();
  void made.init({
    resources: Object.fromEntries(
      shopLanguages.map(({ code }) => [code, { mail: readMailLocale(code) }]),
    ),
    ns: ['mail'],
    defaultNS: 'mail',
    lng: defaultLanguage,
    fallbackLng: defaultLanguage,
    // Mails are built synchronously inside the transaction that queues them.
    initAsync: false,
    // The templates escape what shoppers and staff wrote; the text itself is the shop's.
    interpolation: { escapeValue: false },
  });
  instance = made;
  return made;
}

/** The mails' words in one language; a key missing there falls back to the default language. */
export function mailText(locale: LanguageCode): TFunction {
  return mailI18n().getFixedT(locale);
}

/** Numbers, money and dates in a mail are written in the language's `Intl` locale. */
export function mailIntlLocale(locale: LanguageCode): string {
  return languageOf(locale).intlLocale;
}
