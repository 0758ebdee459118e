import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

type Messages = Record<string, unknown>;

/**
 * Each area of the app keeps its text in its own file (locales/<language>/<area>.json), so
 * features can grow their text without editing one shared file. English ships in the entry
 * chunk as the fallback; other languages load when chosen.
 */
const englishFiles = import.meta.glob<Messages>('../locales/en/*.json', {
  eager: true,
  import: 'default',
});
const otherLanguageFiles = import.meta.glob<Messages>(['../locales/*/*.json', '!../locales/en/*'], {
  import: 'default',
});

function mergeMessages(files: Iterable<Messages>): Messages {
  return Object.assign({}, ...files) as Messages;
}

const english = mergeMessages(Object.values(englishFiles));

async function loadMessages(code: LanguageCode): Promise<Messages> {
  if (code === 'en') return english;
  const loaders = Object.entries(otherLanguageFiles)
    .filter(([path]) => path.startsWith(`../locales/${code}/`))
    .map(([, load]) => load());
  return mergeMessages(await Promise.all(loaders));
}

export const languages = [
  { code: 'en', label: 'English', dir: 'ltr' },
  { code: 'ar', label: 'العربية', dir: 'rtl' },
] as const;
export type LanguageCode = (typeof languages)[number]['code'];

const LANGUAGE_STORAGE_KEY = 'souq.language';

function isLanguage(value: unknown): value is LanguageCode {
  return languages.some((l) => l.code === value);
}

function storedLanguage(): LanguageCode {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : 'en';
  } catch {
    return 'en';
  }
}

/** Sets the document's lang and dir so the browser and CSS logical properties follow the language. */
function applyToDocument(code: LanguageCode) {
  const language = languages.find((l) => l.code === code) ?? languages[0];
  document.documentElement.lang = language.code;
  document.documentElement.dir = language.dir;
}

async function ensureLoaded(code: LanguageCode) {
  if (i18n.hasResourceBundle(code, 'translation')) return;
  i18n.addResourceBundle(code, 'translation', await loadMessages(code));
}

export async function setLanguage(code: LanguageCode) {
  await ensureLoaded(code);
  await i18n.changeLanguage(code);
  applyToDocument(code);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // the choice lasts for this visit only
  }
}

export function initI18n() {
  const lng = storedLanguage();
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: english } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  applyToDocument('en');
  if (lng !== 'en') void setLanguage(lng);
  return i18n;
}
