import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { templateTranslation } from './text-templates';

const english = {
  items_zero: 'Nothing here',
  items_one: '{{count}} item',
  items_other: '{{count, number}} items',
  pages: 'Page {{page, number}} of {{pages}}',
  only_one: 'One of {{count}}',
  bare: '{{count}} in all',
  nested: 'See $t(bare)',
  empty: '',
  unescaped: 'Hello {{- name}}',
  currency: '{{amount, currency}}',
  onlyEnglish_one: 'one in English',
  onlyEnglish_other: '{{count}} in English',
};
const arabic = {
  items_zero: 'لا شيء',
  items_one: 'عنصر واحد',
  items_two: 'عنصران',
  items_few: '{{count, number}} عناصر',
  items_many: '{{count, number}} عنصرًا',
  items_other: '{{count, number}} عنصر',
  pages: 'الصفحة {{page, number}} من {{pages, number}}',
};

/** i18next with a `number` format of its own, and the templates' `t` with the same format. */
async function both(code: 'en' | 'ar') {
  const i18next = createInstance();
  await i18next.init({
    resources: { en: { translation: english }, ar: { translation: arabic } },
    lng: code,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
  const number = (value: number) => `#${value.toFixed(1)}`;
  i18next.services.formatter?.add('number', (value: unknown) => number(Number(value)));
  const handedOver: string[] = [];
  const fixedT = i18next.getFixedT(code);
  const fast = templateTranslation(
    ((key: string, options?: object) => {
      handedOver.push(key);
      return fixedT(key, options as never);
    }) as typeof fixedT,
    i18next.getResourceBundle(code, 'translation'),
    { plurals: new Intl.PluralRules(code), number },
  );
  return { expected: i18next.getFixedT(code), fast, handedOver };
}

describe('texts written from their templates', () => {
  it.each(['en', 'ar'] as const)(
    'are what i18next writes in %s: plural forms, _zero, numbers, fallbacks',
    async (code) => {
      const { expected, fast } = await both(code);
      const keys = [...Object.keys(english), 'items', 'onlyEnglish', 'missing'];
      const optionSets = [
        undefined,
        {},
        ...[0, 1, 2, 3, 11, 100, 1.5].map((count) => ({ count, page: 2, pages: 9, name: 'x' })),
        { count: '2' },
        { page: '2', pages: 9 },
        { page: 2, pages: 9, locale: 'fr' },
      ];
      for (const key of keys) {
        for (const options of optionSets) {
          expect(fast(key, options as never), `${key} ${JSON.stringify(options)}`).toBe(
            expected(key, options as never),
          );
        }
      }
    },
  );

  it('reads `_zero` for a count of 0 in a language whose rules have no zero form', async () => {
    const { fast } = await both('en');
    expect(fast('items', { count: 0 })).toBe('Nothing here');
    expect(fast('items', { count: 1 })).toBe('1 item');
    expect(fast('items', { count: 1000 })).toBe('#1000.0 items');
  });

  it("writes the language's plural forms and numbers itself, and hands i18next the rest", async () => {
    const { fast, handedOver } = await both('ar');
    expect(fast('items', { count: 2 })).toBe('عنصران');
    expect(fast('items', { count: 3 })).toBe('#3.0 عناصر');
    expect(fast('pages', { page: 2, pages: 9 })).toBe('الصفحة #2.0 من #9.0');
    expect(handedOver).toEqual([]);
    // Missing here (English's, through the fallback), a count as text, a value to format as text.
    expect(fast('onlyEnglish', { count: 2 })).toBe('2 in English');
    fast('items', { count: '2' });
    fast('pages', { page: 'two', pages: 9 });
    expect(handedOver).toEqual(['onlyEnglish', 'items', 'pages']);
  });
});
