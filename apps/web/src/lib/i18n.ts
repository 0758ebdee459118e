import i18n, { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  defaultLanguage,
  isLanguage,
  languageOf,
  type LanguageCode,
} from '@souq/contracts/languages';
import { englishFiles, englishLater, otherLanguageFiles } from '../locales/locale-files';
import { languageInLink, rememberLanguage, storedLanguage } from './languages';
import { numberInText } from './number-format';

type Messages = Record<string, unknown>;

/**
 * Each area of the app keeps its text in its own file (locales/<language>/<area>.json,
 * locales/locale-files.ts), so features can grow their text without editing one shared file.
 * The English of the areas of pages a shopper reaches later loads with those pages (`withText`;
 * a page's orders and the back office's order lists load `orders`).
 */
export type PageTextArea = 'content' | 'account' | 'auth' | 'checkout' | 'orders';

function mergeMessages(files: Iterable<Messages>): Messages {
  return Object.assign({}, ...files) as Messages;
}

const english = mergeMessages(Object.values(englishFiles));

function loadEnglishArea(area: PageTextArea): Promise<Messages> {
  const load = englishLater[`./en/${area}.json`];
  if (!load) throw new Error(`locales/en/${area}.json is missing`);
  return load();
}

async function loadMessages(code: LanguageCode): Promise<Messages> {
  if (code === defaultLanguage) {
    return mergeMessages([
      english,
      ...(await Promise.all(Object.values(englishLater).map((load) => load()))),
    ]);
  }
  const loaders = Object.entries(otherLanguageFiles)
    .filter(([path]) => path.split('/').at(-2) === code)
    .map(([, load]) => load());
  return mergeMessages(await Promise.all(loaders));
}

/** Whether `initI18n` has made the instance's store (synchronously, as `init` starts). */
let storeMade = false;
/** English text of the later areas, once a page has loaded it. */
const loadedEnglish: Messages = {};
const areaText = new Map<PageTextArea, Promise<void>>();

/**
 * A page's module, resolved once the English text of its area is loaded too (the English
 * fallback of other languages included). Route loaders wrap their import in it (app/route-table.ts).
 */
export async function withText<T>(area: PageTextArea, page: Promise<T>): Promise<T> {
  let text = areaText.get(area);
  if (!text) {
    text = loadEnglishArea(area).then((messages) => {
      Object.assign(loadedEnglish, messages);
      // Before `initI18n` made the store, it starts with this text instead (it would replace it).
      if (storeMade) i18n.addResourceBundle(defaultLanguage, 'translation', messages, true, true);
    });
    // A failed load is tried again with the page's Try again.
    text.catch(() => areaText.delete(area));
    areaText.set(area, text);
  }
  const [loaded] = await Promise.all([page, text]);
  return loaded;
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
 * wins, then the shopper's earlier choice, then the browser's languages, then English. A
 * language asked for in the link is a choice, remembered as the page starts (main.tsx); one
 * guessed from the browser is not.
 */
export function initialLanguage(
  search: string,
  stored: LanguageCode | null,
  browserLanguages: readonly string[],
): LanguageCode {
  return languageInLink(search) ?? stored ?? preferredLanguage(browserLanguages) ?? defaultLanguage;
}

/** Sets the document's lang and dir so the browser and CSS logical properties follow the language. */
function applyToDocument(code: LanguageCode) {
  const language = languageOf(code);
  document.documentElement.lang = language.code;
  document.documentElement.dir = language.dir;
}

async function ensureLoaded(code: LanguageCode) {
  if (i18n.hasResourceBundle(code, 'translation')) return;
  i18n.addResourceBundle(code, 'translation', await loadMessages(code));
}

/** Switches the whole app to `code` and remembers the choice for later visits. */
export async function setLanguage(code: LanguageCode) {
  await ensureLoaded(code);
  await i18n.changeLanguage(code);
  applyToDocument(code);
  rememberLanguage(code);
}

/**
 * `{{count, number}}` in a text is written by `formatNumber`, so a page hydrates with the numbers
 * the server sent rather than a new `Intl.NumberFormat` per call (i18next's own builds one each).
 */
function formatNumbersInText(instance: I18n) {
  instance.services.formatter?.add('number', (value: unknown, language: string | undefined) =>
    numberInText(Number(value), language ?? defaultLanguage),
  );
}

const i18nOptions = {
  fallbackLng: defaultLanguage,
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
} as const;

/**
 * Resolves once the first render's text is loaded, so the first paint is in that language. A
 * page the server rendered is hydrated in the language it was rendered in (`rendered`), and the
 * returned `switchToStartLanguage` switches to the shopper's starting language afterwards when it differs (a
 * language guessed from the browser); other pages start in the starting language.
 */
export async function initI18n(rendered?: LanguageCode) {
  const initialized = i18n.use(initReactI18next).init({
    ...i18nOptions,
    resources: { [defaultLanguage]: { translation: { ...english, ...loadedEnglish } } },
    lng: defaultLanguage,
  });
  storeMade = true;
  await initialized;
  formatNumbersInText(i18n);
  const language = initialLanguage(window.location.search, storedLanguage(), navigator.languages);
  const first = rendered ?? language;
  if (first !== defaultLanguage) {
    await ensureLoaded(first);
    await i18n.changeLanguage(first);
  }
  applyToDocument(first);
  return {
    switchToStartLanguage: async () => {
      if (language === first) return;
      await ensureLoaded(language);
      await i18n.changeLanguage(language);
      applyToDocument(language);
    },
  };
}

const serverInstances = new Map<LanguageCode, Promise<I18n>>();

/** The server's i18next for one language (entry-server.tsx), made once and shared by its pages. */
export function serverI18n(code: LanguageCode): Promise<I18n> {
  let instance = serverInstances.get(code);
  if (!instance) {
    const made = createInstance();
    instance = Promise.all([loadMessages(defaultLanguage), loadMessages(code)]).then(
      async ([fallback, messages]) => {
        await made.use(initReactI18next).init({
          ...i18nOptions,
          resources: {
            [defaultLanguage]: { translation: fallback },
            [code]: { translation: messages },
          },
          lng: code,
          initAsync: false,
          // Rendering to a string cannot wait: the text is loaded before the instance is handed out.
          react: { useSuspense: false },
        });
        formatNumbersInText(made);
        return made;
      },
    );
    serverInstances.set(code, instance);
  }
  return instance;
}
