import { z } from 'zod';
import { defaultLanguage, languageCodes } from './languages';

/** The enum every contract validates a language code with. */
export const languageSchema = z.enum(languageCodes);

/**
 * Text written in the languages besides the default, keyed by language code: each is optional,
 * and a reader falls back to the base text in the default language, which is never a key here
 * (it is the entity's own `name`, `description`).
 */
export function translationsSchema<T extends z.ZodType>(text: T) {
  return z.partialRecord(languageSchema, text).refine((texts) => !(defaultLanguage in texts), {
    message: `The shop's own language is the text itself, not a translation`,
  });
}

/**
 * Text kept per language with no base text beside it (a shop setting such as the promo bar's
 * words), keyed by language code, the default language included.
 */
export function textPerLanguageSchema<T extends z.ZodType>(text: T) {
  return z.partialRecord(languageSchema, text);
}
