import type { Page } from '@playwright/test';
import { ports } from '../playwright.config';
import { expect, test } from './fixtures';

test.use({ baseURL: `http://127.0.0.1:${ports.delayed}` });

/**
 * Opens a page and reports, in the page's own clock, how long after the shop's layout appeared
 * the loader and the page's heading first showed. Measured in the page, so a busy test runner or
 * a slow start-up script cannot make the delay look longer or shorter than it was.
 */
async function timeFirstAppearance(page: Page, path: string, heading: string) {
  await page.addInitScript((text) => {
    const seen: { shell?: number; loader?: number; heading?: number } = {};
    (window as unknown as { __appeared: typeof seen }).__appeared = seen;
    new MutationObserver(() => {
      // The page mounts hidden during its delay, so what counts is being visible.
      const loader = [...document.querySelectorAll('[role="status"]')].some(
        (el) => el.textContent.includes('Loading...') && el.checkVisibility(),
      );
      if (loader) seen.loader ??= performance.now();
      if (document.querySelector('header')?.checkVisibility()) seen.shell ??= performance.now();
      const h1 = [...document.querySelectorAll('h1')].some(
        (el) => el.textContent.trim() === text && el.checkVisibility(),
      );
      if (h1) seen.heading ??= performance.now();
    }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
  }, heading);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({
    timeout: 10_000,
  });
  const {
    shell = 0,
    loader,
    heading: shown,
  } = await page.evaluate(
    () =>
      (window as unknown as { __appeared: { shell?: number; loader?: number; heading?: number } })
        .__appeared,
  );
  return {
    loader: loader === undefined ? undefined : loader - shell,
    heading: shown === undefined ? undefined : shown - shell,
  };
}

test('a delayed page shows the loader for its display delay first', async ({ page }) => {
  const appeared = await timeFirstAppearance(page, '/about', 'About Souq');
  expect(appeared.loader).toBeDefined();
  expect(appeared.heading).toBeGreaterThanOrEqual(1000);
  expect(appeared.heading).toBeGreaterThan(appeared.loader ?? Infinity);
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);
});

test('the cart waits 2000 ms behind the loader', async ({ page }) => {
  const appeared = await timeFirstAppearance(page, '/cart', 'Cart');
  expect(appeared.loader).toBeDefined();
  expect(appeared.heading).toBeGreaterThanOrEqual(2000);
});

test('the home page has no display delay', async ({ page }) => {
  const appeared = await timeFirstAppearance(page, '/', 'Up to 10% off voucher');
  // Well under the shortest delay (1000 ms): only the time to fetch the page's chunk.
  expect(appeared.heading).toBeLessThan(1000);
});
