import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, settle, test } from './fixtures';
import { routeUrls } from './route-urls';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}

for (const language of ['en', 'ar'] as const) {
  test(`every route passes axe in ${language === 'en' ? 'English' : 'Arabic'}`, async ({
    page,
    request,
  }) => {
    // Many pages in one journey.
    test.slow();
    const failures: Record<string, unknown> = {};
    for (const url of await routeUrls(request)) {
      await page.goto(`${url}${url.includes('?') ? '&' : '?'}lang=${language}`);
      await settle(page);
      const violations = await seriousViolations(page);
      if (violations.length) failures[url] = violations;
    }
    expect(failures).toEqual({});
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the open mobile menu passes axe and hands focus back on close', async ({ page }) => {
    await page.goto('/contact?lang=ar');
    const open = page.getByRole('button', { name: 'افتح القائمة' });
    await open.click();
    await expect(page.getByRole('button', { name: 'أغلق القائمة' })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    // Tab stays inside the open menu: past its last link it comes back to the close button.
    const menuLinks = page.getByRole('dialog', { name: 'القائمة' }).getByRole('link');
    for (let i = 0; i < (await menuLinks.count()); i++) await page.keyboard.press('Tab');
    await expect(menuLinks.last()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'أغلق القائمة' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(menuLinks.last()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(open).toBeFocused();
  });
});
