import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';

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

export async function setLanguage(code: LanguageCode) {
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
    resources: { en: { translation: en } },
    lng,
    fallbackLng: 'en',
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  applyToDocument(lng);
  return i18n;
}
