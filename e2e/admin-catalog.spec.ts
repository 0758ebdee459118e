import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createManager } from './admin-helpers';
import { expect, logIn, settle, test } from './fixtures';

const SCREENS = '/work/screens/admin-catalog';

// The import adds categories, which the reorder journey must not see arrive halfway.
test.describe.configure({ mode: 'serial' });

/** Saves what the page shows for a person to look at (not compared: it is for review). */
async function screenshot(page: Page, name: string) {
  if (!fs.existsSync(path.dirname(SCREENS))) return;
  fs.mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: true });
}

async function openSection(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: 'Back office sections' })
    .getByRole('link', { name, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('a manager moves a category up and the storefront lists it first', async ({
  page,
  playwright,
  baseURL,
}) => {
  const manager = await createManager(playwright, baseURL!);
  await logIn(page, manager, '/admin/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  await page.getByRole('button', { name: 'Move Computers up' }).click();
  await expect(page.getByText('Computers is now number 10.')).toBeAttached();

  // The storefront follows within its cache time.
  const shop = await page.context().newPage();
  await expect
    .poll(
      async () => {
        await shop.goto('/');
        return shop
          .getByRole('region', { name: 'Browse By Category' })
          .getByRole('link')
          .first()
          .textContent();
      },
      { timeout: 30_000 },
    )
    .toBe('Computers');
  await shop.close();

  // Put it back for the other journeys.
  await page.getByRole('button', { name: 'Move Computers down' }).click();
  await expect(page.getByText('Computers is now number 11.')).toBeAttached();
});

test('a manager imports a catalog file with upload progress, then a wrong file shows its rows', async ({
  page,
  playwright,
  baseURL,
  pageErrors,
}) => {
  test.slow();
  const manager = await createManager(playwright, baseURL!);
  await logIn(page, manager, '/admin/catalog-file');
  await expect(page.getByRole('heading', { level: 1, name: 'Import / export' })).toBeVisible();

  const stamp = Date.now().toString(36);
  // A dozen products (every journey shares this shop), each with a long description so the file
  // is large enough to watch it upload.
  const description = 'A reading lamp with a linen shade and a brass stem. '.repeat(60).trim();
  const rows = Array.from(
    { length: 12 },
    (_, i) =>
      `import-${stamp}-${i},Imported lamp ${stamp} ${i},"${description}",Lighting ${stamp},${1000 + i},5`,
  );
  const csv = ['slug,name,description,category,price,stock', ...rows].join('\n');

  // A slow line, so the progress bar has time to be seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 16 * 1024,
  });
  await page.getByLabel('Catalog file (.csv or .json)').setInputFiles({
    name: 'lamps.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(page.getByText('Imported: 12 new, 0 updated.')).toBeVisible({ timeout: 60_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  const wrong = ['slug,name,description,category,price', `bad-${stamp},Bad,Bad.,Lighting,12.5`];
  await page.getByLabel('Catalog file (.csv or .json)').setInputFiles({
    name: 'wrong.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(wrong.join('\n')),
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Nothing was imported.');
  await expect(alert).toContainText('rows.1.price: line 2:');
  // The refused file's answer is the one failure this journey expects.
  expect(pageErrors.filter((e) => !/^400 .*\/api\/admin\/catalog\/import$/.test(e))).toEqual([]);
  pageErrors.length = 0;

  await openSection(page, 'Products');
  await page.getByLabel('Search', { exact: true }).fill(`import-${stamp}-11`);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=import-${stamp}-11`));
  await expect(
    page.getByRole('table').getByRole('link', { name: `Imported lamp ${stamp} 11` }),
  ).toBeVisible();
});

test('the catalog screens in English and Arabic, on a desktop and a phone', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.slow();
  const manager = await createManager(playwright, baseURL!);
  await logIn(page, manager, '/admin/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  for (const [size, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const language of ['en', 'ar'] as const) {
      for (const screen of ['products', 'categories', 'catalog-file']) {
        await page.goto(`/admin/${screen}?lang=${language}`);
        await settle(page);
        await expect(page.locator('html')).toHaveAttribute(
          'dir',
          language === 'ar' ? 'rtl' : 'ltr',
        );
        await screenshot(page, `${screen}-${language}-${size}`);
      }
    }
  }
});
