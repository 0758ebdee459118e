import { expect, settle, test } from './fixtures';
import { routeUrls } from './route-urls';

declare global {
  interface Window {
    cspViolations?: string[];
  }
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
