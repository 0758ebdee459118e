import { expect, test as base, type Page } from '@playwright/test';

/**
 * Every journey fails on a console error or an uncaught exception in the page
 * (a CSP violation, a React warning turned error, a crash) unless it expects one.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        // Failed requests are reported below with their URL instead.
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          errors.push(message.text());
        }
      });
      page.on('response', (response) => {
        // A page answered 404 is the not-found page, rendered by the server (decision 011); the
        // journeys check it by what it shows.
        const notFoundPage = response.status() === 404 && response.request().isNavigationRequest();
        if (response.status() >= 400 && !notFoundPage) {
          errors.push(`${response.status()} ${response.url()}`);
        }
      });
      await use(errors);
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The page has settled: its loader is gone, its main heading is shown and its reads are done. */
export async function settle(page: Page) {
  await expect(
    page.getByRole('main').getByRole('status', { name: /Loading|جارٍ التحميل/ }),
  ).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

let accountCounter = 0;

/** A fresh email address for one journey's account or order. */
export function uniqueEmail(name: string): string {
  accountCounter += 1;
  return `${name}-${accountCounter}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Logs in through the shop's form; `next` is where the log-in page sends the person afterwards. */
export async function logIn(
  page: Page,
  account: { email: string; password: string },
  next?: string,
) {
  await page.goto(next ? `/login?next=${encodeURIComponent(next)}` : '/login');
  await page.getByRole('main').getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log In' }).click();
}
