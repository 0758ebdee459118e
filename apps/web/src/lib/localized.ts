/** Text the shop wrote in other languages, keyed by language code (products, categories). */
type Translations<T> = Partial<Record<string, T>>;

/**
 * The field in the shopper's language when the shop has translated it, else the shop's own text.
 * `language` may carry a region ("ar-EG"); only its language part is looked up.
 */
export function localized<T extends object, K extends keyof T & string>(
  entity: { translations: Translations<T> } & Record<K, unknown>,
  field: K,
  language: string,
): string {
  const code = language.split('-')[0] ?? language;
  const translated = entity.translations[code]?.[field];
  if (typeof translated === 'string' && translated.trim() !== '') return translated;
  return String(entity[field]);
}
