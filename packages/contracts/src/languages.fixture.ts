import type * as Languages from './languages';

/**
 * The shop's languages with French added, as a test adds a third language (decision 018):
 * `vi.mock('@souq/contracts/languages', async (importOriginal) => (await
 * import('@souq/contracts/languages.fixture')).withFrench(await importOriginal()))`.
 */
export function withFrench(original: typeof Languages) {
  return {
    ...original,
    ...original.defineLanguages([
      ...original.shopLanguages,
      { code: 'fr', dir: 'ltr', nativeName: 'Français', intlLocale: 'fr', ogLocale: 'fr_FR' },
    ]),
  };
}
