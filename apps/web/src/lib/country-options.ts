import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryCodes } from '@souq/contracts/countries';
import { languageOf } from '@souq/contracts/languages';
import { regionNamesIn } from './country-names';

/** Every country, named in the page's language (`Intl.DisplayNames`), A to Z. */
export function useCountryOptions(): { code: string; name: string }[] {
  const { i18n } = useTranslation();
  const locale = languageOf(i18n.language).intlLocale;
  return useMemo(() => {
    const names = regionNamesIn(locale);
    const collator = new Intl.Collator(locale);
    return countryCodes
      .map((code) => ({ code, name: names.of(code) ?? code }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [locale]);
}
