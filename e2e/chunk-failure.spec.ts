import { expect, test } from './fixtures';

test('a page whose script is missing shows a readable error and Try again recovers', async ({
  page,
  pageErrors,
}) => {
  await page.route('**/assets/about-page-*.js', (route) =>
    route.fulfill({ status: 404, body: 'gone' }),
  );
  await page.goto('/');
  // The failure shows on a move within the app: before the app has taken the server's page over,
  // the link is an ordinary link and the server sends the about page whole.
  await page.waitForFunction(() => performance.getEntriesByName('souq:hydrated').length > 0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();

  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  await expect(alert).toContainText('Loading chunk about failed');
  // The rest of the shop still works around the failed page.
  await expect(page.getByRole('banner')).toBeVisible();

  // Try again loads the address again: the browser would answer the same import with the
  // failure it remembers.
  await page.unroute('**/assets/about-page-*.js');
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Souq');

  // The failed fetch and the logged ChunkLoadError are expected here, and only those.
  expect(
    pageErrors.every((e) =>
      /404|about-page|ChunkLoadError|Loading chunk about failed|dynamically imported/.test(e),
    ),
  ).toBe(true);
  pageErrors.length = 0;
});
