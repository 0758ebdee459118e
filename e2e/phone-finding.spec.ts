import type { APIRequestContext } from '@playwright/test';
import { expect, settle, test } from './fixtures';

/*
 * A shopper on a 390 × 844 phone finds products three ways, in English and in Arabic: a search
 * from the header (with a typo), a category from the menu, and the filters with their counts.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

interface Facets {
  total: number;
  colours: { name: string; translations: { ar?: { name: string } }; count: number }[];
  sizes: { name: string; count: number }[];
}

async function facets(request: APIRequestContext, query: string): Promise<Facets> {
  return (await (await request.get(`/api/facets?${query}`)).json()) as Facets;
}

const words = {
  en: {
    openSearch: 'Open search',
    suggestions: 'Suggestions',
    resultsFor: (q: string) => `Results for “${q}”`,
    openMenu: 'Open menu',
    menu: 'Menu',
    category: "Woman's Fashion",
    filters: 'Filters',
    show: /^Show (\d+) results?$/,
    removeSize: (size: string) => `Remove filter: Size ${size}`,
  },
  ar: {
    openSearch: 'فتح البحث',
    suggestions: 'اقتراحات',
    resultsFor: (q: string) => `نتائج البحث عن «${q}»`,
    openMenu: 'افتح القائمة',
    menu: 'القائمة',
    category: 'الأزياء النسائية',
    filters: 'عوامل التصفية',
    show: /^عرض (?:(\d+) )?(?:نتيجة|نتائج|نتيجتين)/,
    removeSize: (size: string) => `إزالة عامل التصفية: المقاس ${size}`,
  },
} as const;

for (const language of ['en', 'ar'] as const) {
  const w = words[language];
  const at = (path: string) => `${path}${path.includes('?') ? '&' : '?'}lang=${language}`;

  test(`${language}: a search from the phone header finds headphones despite a typo`, async ({
    page,
  }) => {
    await page.goto(at('/'));
    await page.getByRole('button', { name: w.openSearch }).click();
    const box = page.getByRole('dialog').getByRole('combobox');
    await expect(box).toBeFocused();
    await box.fill('hedphones');
    const suggestions = page.getByRole('listbox', { name: w.suggestions });
    // Products with their pictures.
    await expect(suggestions.getByRole('option').first().locator('img')).toBeVisible();
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?query=hedphones/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.resultsFor('hedphones'));
    await expect(
      page
        .getByRole('main')
        .getByRole('link', { name: /Headphones|سماعات/ })
        .first(),
    ).toBeVisible();

    // The search is remembered on this phone and offered before typing.
    await page.getByRole('button', { name: w.openSearch }).click();
    await page.getByRole('dialog').getByRole('combobox').fill('');
    await expect(suggestions.getByRole('option', { name: 'hedphones' })).toBeVisible();
  });

  test(`${language}: a category opened from the phone menu, then filtered by size and colour with counts that follow`, async ({
    page,
    request,
  }) => {
    await page.goto(at('/'));
    await page.getByRole('button', { name: w.openMenu }).click();
    await page
      .getByRole('dialog', { name: w.menu })
      .getByRole('link', { name: w.category, exact: true })
      .click();
    await expect(page).toHaveURL(/\/category\?category=womens-fashion/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.category);
    await settle(page);

    // A size and a colour that narrow each other, from the shop's own counts.
    const whole = await facets(request, 'category=womens-fashion');
    let chosen: { size: string; colour: Facets['colours'][number]; after: Facets } | undefined;
    for (const size of whole.sizes) {
      const after = await facets(request, `category=womens-fashion&size=${size.name}`);
      const colour = after.colours.find(
        (c) => c.count > 0 && c.count !== whole.colours.find((x) => x.name === c.name)?.count,
      );
      if (colour && after.total < whole.total) {
        chosen = { size: size.name, colour, after };
        break;
      }
    }
    expect(chosen, 'a size that changes a colour count').toBeDefined();
    const { size, colour, after } = chosen!;
    const colourName =
      language === 'ar' ? (colour.translations.ar?.name ?? colour.name) : colour.name;

    await page.getByRole('button', { name: w.filters, exact: true }).click();
    const sheet = page.getByRole('dialog', { name: w.filters });
    const sizeButton = sheet.getByRole('button', { name: new RegExp(`^${size} \\(\\d+\\)$`) });
    const colourButton = sheet.getByRole('button', {
      name: new RegExp(`^${colourName} \\(\\d+\\)$`),
    });
    const before = whole.colours.find((c) => c.name === colour.name)!.count;
    await expect(colourButton).toHaveText(`${colourName}(${before})`);

    await sizeButton.click();
    await expect(page).toHaveURL(new RegExp(`size=${size}`));
    await expect(sizeButton).toHaveAttribute('aria-pressed', 'true');
    // The colour's count now counts only that size.
    await expect(colourButton).toHaveText(`${colourName}(${colour.count})`);

    await colourButton.click();
    await expect(page).toHaveURL(/colour=/);
    const both = await facets(
      request,
      `category=womens-fashion&size=${size}&colour=${encodeURIComponent(colour.name)}`,
    );
    expect(both.total).toBe(colour.count);
    expect(after.total).toBeGreaterThanOrEqual(both.total);
    const apply = sheet.getByRole('button', { name: w.show });
    await expect(apply).toContainText(language === 'en' ? String(both.total) : /.*/);
    await apply.click();
    await expect(sheet).toBeHidden();

    // The chips above the results remove one filter at a time.
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(both.total);
    await page.getByRole('button', { name: w.removeSize(size) }).click();
    await expect(page).not.toHaveURL(/size=/);
    await expect(page).toHaveURL(/colour=/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
}
