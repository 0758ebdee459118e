import { describe, expect, it } from 'vitest';
import { shopLanguages } from '@souq/contracts/languages';
import { textKeys, type Messages } from '@souq/contracts/text-templates.fixture';
import { serverI18n } from './i18n';
import { pageTranslation } from './server-translation';

/** The counts that pick every plural form of English and Arabic, a fraction among them. */
const COUNTS = [0, 1, 2, 3, 11, 100, 1.5, 1000];

describe.each(shopLanguages.map((language) => language.code))('page texts in %s', (code) => {
  it('are written as i18next writes them, with values, plural counts and numbers', async () => {
    const i18n = await serverI18n(code);
    const expected = i18n.getFixedT(code);
    const t = pageTranslation(i18n);
    const own = i18n.getResourceBundle(code, 'translation') as Messages;
    const english = i18n.getResourceBundle('en', 'translation') as Messages;
    // Every placeholder's name but `count`, which i18next reads as the plural's number.
    const names = [
      ...new Set(
        [...JSON.stringify([own, english]).matchAll(/\{\{\s*(\w+)/g)]
          .map((match) => match[1] ?? '')
          .filter((name) => name !== 'count'),
      ),
    ];
    const asText = Object.fromEntries(names.map((name) => [name, `‹${name} ${code}›`]));
    const asNumbers = Object.fromEntries(names.map((name, i) => [name, 1000 + i * 37.5]));
    const optionSets = [
      undefined,
      asText,
      asNumbers,
      ...COUNTS.flatMap((count) => [{ count }, { ...asNumbers, count }, { ...asText, count }]),
      { count: '3' },
    ];
    let compared = 0;
    let plural = 0;
    for (const key of new Set([...textKeys(english), ...textKeys(own), 'no.such.text'])) {
      for (const options of optionSets) {
        const written = t(key, options as never) as unknown;
        expect(written, `${key} ${JSON.stringify(options)}`).toBe(expected(key, options as never));
        compared++;
        if (options && 'count' in options && written !== (expected(key) as unknown)) plural++;
      }
    }
    expect(compared).toBeGreaterThan(1000);
    // The plural texts were compared, not only texts that ignore the count.
    expect(plural).toBeGreaterThan(50);
  });
});
