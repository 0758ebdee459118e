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

export function isLanguage(value: unknown): value is LanguageCode {
  return languages.some((l) => l.code === value);
}

function storedLanguage(): LanguageCode | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** The first of the browser's preferred languages we have, matched on the primary subtag (ar-EG → ar). */
export function preferredLanguage(browserLanguages: readonly string[]): LanguageCode | null {
  for (const tag of browserLanguages) {
    const primary = tag.split('-')[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return null;
}

/**
 * The language to start in: a `lang` query parameter (a shared link such as /about?lang=ar)
 * wins, then the shopper's earlier choice, then the browser's languages, then English.
 */
export function initialLanguage(
  search: string,
  stored: LanguageCode | null,
  browserLanguages: readonly string[],
): { language: LanguageCode; fromQuery: boolean } {
  const requested = new URLSearchParams(search).get('lang');
  if (isLanguage(requested)) return { language: requested, fromQuery: true };
  return {
    language: stored ?? preferredLanguage(browserLanguages) ?? 'en',
    fromQuery: false,
  };
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

function rememberLanguage(code: LanguageCode) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // the choice lasts for this visit only
  }
}

/** Switches the whole app to `code` and remembers the choice for later visits. */
export async function setLanguage(code: LanguageCode) {
  await ensureLoaded(code);
  await i18n.changeLanguage(code);
  applyToDocument(code);
  rememberLanguage(code);
}

/** Resolves once the starting language's text is loaded, so the first paint is in that language. */
export async function initI18n() {
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: english } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  const { language, fromQuery } = initialLanguage(
    window.location.search,
    storedLanguage(),
    navigator.languages,
  );
  applyToDocument('en');
  if (language !== 'en') {
    await ensureLoaded(language);
    await i18n.changeLanguage(language);
    applyToDocument(language);
  }
  // A language asked for in the link is a choice; one guessed from the browser is not.
  if (fromQuery) rememberLanguage(language);
  return i18n;
}
