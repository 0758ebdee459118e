import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { routeUrls } from './route-urls';

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/** What the page has shown once its loader is gone and its heading is up. */
async function settle(page: Page) {
  await expect(
    page.getByRole('main').getByRole('status', { name: /Loading|جارٍ التحميل/ }),
  ).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

for (const language of ['en', 'ar'] as const) {
  test(`no page breaks the content security policy in ${language === 'en' ? 'English' : 'Arabic'}`, async ({
    page,
    request,
  }) => {
    // Many pages in one journey.
    test.slow();
    // Recorded in the page from its first script on, so a probe at start-up is caught too.
    await page.addInitScript(() => {
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.cspViolations?.push(`${event.effectiveDirective} ${event.blockedURI}`);
      });
    });
    const consoleReports: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) consoleReports.push(message.text());
    });

    const violations: Record<string, string[]> = {};
    for (const url of await routeUrls(request)) {
      await page.goto(`${url}${url.includes('?') ? '&' : '?'}lang=${language}`);
      await settle(page);
      const seen = [...(await page.evaluate(() => window.cspViolations ?? [])), ...consoleReports];
      consoleReports.length = 0;
      if (seen.length) violations[url] = seen;
    }
    expect(violations).toEqual({});
  });
}
