import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, settle, test } from './fixtures';
import { routeTablePaths, routeUrls } from './route-urls';

/** English interface strings (without placeholders) that are on the page in any form. */
async function englishTextOnPage(page: Page, englishStrings: string[]) {
  return page.evaluate((strings) => {
    const wanted = new Set(strings);
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (wanted.has(text)) found.add(text);
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      for (const attribute of ['aria-label', 'placeholder', 'title']) {
        const text = element.getAttribute(attribute)?.trim() ?? '';
        if (wanted.has(text)) found.add(text);
      }
    }
    return [...found];
  }, englishStrings);
}

const englishDir = path.resolve(import.meta.dirname, '../apps/web/src/locales/en');
const englishMessages = fs
  .readdirSync(englishDir)
  .map((file) => JSON.parse(fs.readFileSync(path.join(englishDir, file), 'utf8')) as object);

/** Whole English sentences and labels; placeholders and short tokens ("FAQ") are left out. */
function interfaceStrings(messages: object): string[] {
  return Object.values(messages).flatMap((value: unknown) =>
    typeof value === 'string'
      ? value.includes('{{') || !/[A-Za-z]{3}/.test(value)
        ? []
        : [value]
      : interfaceStrings(value as object),
  );
}

test('switching to Arabic mirrors the shop and survives a reload', async ({ page }) => {
  await page.goto('/about');
  await settle(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 2, name: 'قصتنا' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('souq.language'))).toBe('ar');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 2, name: 'قصتنا' })).toBeVisible();

  // The header mirrors: the logo sits at the right edge, the icons at the left.
  const logo = await page.getByRole('link', { name: 'Souq', exact: true }).boundingBox();
  const cart = await page.getByRole('banner').getByRole('link', { name: 'السلة' }).boundingBox();
  expect(logo!.x).toBeGreaterThan(cart!.x);

  await page.getByRole('combobox', { name: 'اللغة' }).selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 2, name: 'Our Story' })).toBeVisible();
});

test('?lang=ar on a first visit opens the shop in Arabic and remembers it', async ({ page }) => {
  await page.goto('/contact?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تواصل معنا');
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الأسئلة الشائعة');
});

test.describe('a browser that prefers Arabic', () => {
  test.use({ locale: 'ar-EG' });
  test('gets Arabic on a first visit', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  });
});

test('prices, numbers and dates follow the language', async ({ page }) => {
  await page.goto('/about');
  // The amount sits in a left-to-right isolate (U+2066 … U+2069) in both languages.
  await expect(
    page.getByText('Free delivery for all orders over \u2066$140.00\u2069'),
  ).toBeVisible();
  await expect(page.getByText('10.5K', { exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
  // Intl's Arabic: the currency after the amount, compact numbers with an Arabic unit.
  await expect(
    page.getByText(/توصيل مجاني لجميع الطلبات التي تتجاوز.*140\.00.*US\$/),
  ).toBeVisible();
  await expect(page.getByText('10.5 ألف', { exact: true })).toBeVisible();
  await page.goto('/privacy-policy');
  await expect(page.getByText(/آخر تحديث: 1 نوفمبر 2026/)).toBeVisible();
});

test.describe('every route in Arabic', () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  test('is right-to-left, with no interface text left in English', async ({ page, request }) => {
    // Many pages in one journey.
    test.slow();
    const english = englishMessages.flatMap(interfaceStrings);
    expect(routeTablePaths()).toContain('/contact');
    for (const url of await routeUrls(request)) {
      await page.goto(url.includes('?') ? `${url}&lang=ar` : `${url}?lang=ar`);
      await settle(page);
      await expect(page.locator('html'), url).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('main'), url).toContainText(/[\u0600-\u06FF]/);
      expect(await englishTextOnPage(page, english), url).toEqual([]);
    }
  });
});
