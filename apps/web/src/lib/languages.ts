/** The shop's languages; lib/i18n.ts loads their text. */
export const languages = [
  { code: 'en', label: 'English', dir: 'ltr' },
  { code: 'ar', label: 'العربية', dir: 'rtl' },
] as const;
export type LanguageCode = (typeof languages)[number]['code'];

export function isLanguage(value: unknown): value is LanguageCode {
  return languages.some((l) => l.code === value);
}
