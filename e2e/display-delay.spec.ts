import { ports } from '../playwright.config';
import { expect, test } from './fixtures';

test.use({ baseURL: `http://127.0.0.1:${ports.delayed}` });

async function openPage(page: import('@playwright/test').Page, path: string, heading: string) {
  const started = Date.now();
  await page.goto(path);
  const loader = page.getByRole('status').filter({ hasText: 'Loading...' });
  return { started, loader, heading: page.getByRole('heading', { level: 1, name: heading }) };
}

test('a delayed page shows the loader for its display delay first', async ({ page }) => {
  const { started, loader, heading } = await openPage(page, '/about', 'About Souq');
  await expect(loader).toBeVisible();
  await expect(heading).toBeHidden();
  await expect(heading).toBeVisible({ timeout: 5000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  await expect(loader).toBeHidden();
});

test('the cart waits 2000 ms behind the loader', async ({ page }) => {
  const { started, loader, heading } = await openPage(page, '/cart', 'Cart');
  await expect(loader).toBeVisible();
  await page.waitForTimeout(1200);
  await expect(heading).toBeHidden();
  await expect(heading).toBeVisible({ timeout: 5000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
});

test('the home page has no display delay', async ({ page }) => {
  const { heading } = await openPage(page, '/', 'Up to 10% off voucher');
  // Well under the shortest delay (1000 ms): only the time to fetch the page's chunk.
  await expect(heading).toBeVisible({ timeout: 900 });
});
