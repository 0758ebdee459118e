import fs from 'node:fs';
import path from 'node:path';
import { createInstance, type i18n as I18n, type TFunction } from 'i18next';
import {
  defaultLanguage,
  languageOf,
  shopLanguages,
  type LanguageCode,
} from '@souq/contracts/languages';
import { formatMoney, keptMoneyFormats } from '@souq/contracts/money';
import { templateTranslation } from '@souq/contracts/text-templates';
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

const translations = new Map<LanguageCode, TFunction>();

/**
 * The mails' words in one language; a key missing there falls back to the default language.
 * One function per language for the process, which writes a text from its template where
 * i18next would write the same (`templateTranslation`): i18next's own `t` was a tenth of an order
 * mail's CPU, and a mail's HTML and text part ask for the same words.
 */
export function mailText(locale: LanguageCode): TFunction {
  let t = translations.get(locale);
  if (!t) {
    const i18n = mailI18n();
    t = templateTranslation(i18n.getFixedT(locale), i18n.getResourceBundle(locale, 'mail'), {
      plurals: new Intl.PluralRules(locale),
    });
    translations.set(locale, t);
  }
  return t;
}

/** Numbers, money and dates in a mail are written in the language's `Intl` locale. */
export function mailIntlLocale(locale: LanguageCode): string {
  return languageOf(locale).intlLocale;
}

const moneyFormats = keptMoneyFormats();

/**
 * An amount as a mail writes it, from one `Intl.NumberFormat` per language and currency kept for
 * the process: building a formatter costs more than the rest of a mail together.
 */
export function mailMoney(minorUnits: number, currency: string, locale: LanguageCode): string {
  return formatMoney(minorUnits, currency, mailIntlLocale(locale), moneyFormats);
}

const regionNames = new Map<LanguageCode, Intl.DisplayNames>();

/** A country's name in the mail's language, e.g. "Qatar" / "قطر"; its code when unknown. */
export function mailCountryName(country: string, locale: LanguageCode): string {
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([mailIntlLocale(locale)], { type: 'region', fallback: 'code' });
    regionNames.set(locale, names);
  }
  return names.of(country) ?? country;
}
