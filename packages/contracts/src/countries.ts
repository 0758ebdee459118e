import { z } from 'zod';
// The code table alone (10 kB), not the package's entry, which loads every language's names:
// country names come from the browser's `Intl.DisplayNames`.
import isoCountryCodes from 'i18n-iso-countries/codes.json' with { type: 'json' };

/** Every ISO 3166-1 alpha-2 code, for country lists. */
export const countryCodes: readonly string[] = isoCountryCodes.map(([alpha2]) => alpha2 as string);

const known = new Set(countryCodes);

/** ISO 3166-1 alpha-2, upper case: `SA`, `AE`, `EG`. */
export const countryCodeSchema = z
  .string()
  .trim()
  .refine((code) => known.has(code), 'Choose a country (ISO 3166-1 code, like AE)');
