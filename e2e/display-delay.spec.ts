import type { Page } from '@playwright/test';
import { ports } from '../playwright.config';
import { expect, test } from './fixtures';

test.use({ baseURL: `http://127.0.0.1:${ports.delayed}` });

/**
 * The page's clock is frozen (Playwright's clock), so the display delay's timer only runs when the
 * test moves time on: the checks hold however busy the machine is.
 */
async function openWithFrozenClock(page: Page, path: string, heading: string) {
  const start = new Date('2026-11-21T09:00:00Z');
  await page.clock.install({ time: start });
  // A minute on, so the installed clock (which runs until paused) cannot already be past it.
  await page.clock.pauseAt(new Date(start.getTime() + 60_000));
  await page.goto(path);
  return {
    loader: page.getByRole('status').filter({ hasText: 'Loading...' }),
    heading: page.getByRole('heading', { level: 1, name: heading }),
  };
}

test('the page the server rendered shows at once, without its display delay', async ({ page }) => {
  // The clock never moves: the list's 2000 ms delay would hide it for good.
  const { loader, heading } = await openWithFrozenClock(page, '/productS', 'All Products');
  await expect(heading).toBeVisible();
  await expect(loader).toHaveCount(0);
});

test('a delayed page shows the loader for its display delay first', async ({ page }) => {
  await page.goto('/contact');
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('souq:hydrated').length))
    .toBe(1);
  // Frozen only now: the fake clock would also stand in for the performance mark above.
  const start = new Date('2026-11-21T09:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 60_000));
  // Delays apply to moving between pages in the browser, not to the page the server sent.
  await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
  const loader = page.getByRole('status').filter({ hasText: 'Loading...' });
  const heading = page.getByRole('heading', { level: 1, name: 'About Souq' });
  await expect(loader).toBeVisible();
  await page.clock.runFor(900);
  await expect(heading).toBeHidden();
  await page.clock.runFor(200);
  await expect(heading).toBeVisible();
  await expect(loader).toBeHidden();
});

test('the cart waits 2000 ms behind the loader', async ({ page }) => {
  const { loader, heading } = await openWithFrozenClock(page, '/cart', 'Cart');
  await expect(loader).toBeVisible();
  await page.clock.runFor(1900);
  await expect(heading).toBeHidden();
  await page.clock.runFor(200);
  await expect(heading).toBeVisible();
});

test('the home page has no display delay', async ({ page }) => {
  const { heading } = await openWithFrozenClock(page, '/', 'Up to 10% off voucher');
  // Page time moves in frame-sized steps while the route and its data arrive, for the frames and
  // timers that run effects, and stops at half the shortest display delay (1000 ms).
  let pageTime = 0;
  await expect
    .poll(async () => {
      if (pageTime < 500) {
        await page.clock.runFor(20);
        pageTime += 20;
      }
      return heading.isVisible();
    })
    .toBe(true);
});
