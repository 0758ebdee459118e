import { ports } from '../playwright.config';
import { createOwner } from './admin-helpers';
import { expect, logIn, test } from './fixtures';

// On the shop as shipped (display delays on), which only the display-delay journeys share and
// which checks neither the shop's name nor its promo text: the other journeys keep theirs.
test.use({ baseURL: `http://127.0.0.1:${ports.delayed}` });

test('the owner renames the shop and changes the promo text; the storefront shows both', async ({
  page,
}) => {
  const owner = createOwner(ports.delayed);
  await logIn(page, owner, '/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const shopName = page.getByLabel(/^Shop name/);
  await expect(shopName).toHaveValue('Souq');
  const original = (await (await page.request.get('/api/settings')).json()) as unknown;

  await shopName.fill('Dar Al Qamar');
  await page.getByLabel('Promo text (English)').fill('Eid offers on every abaya');
  await page.getByLabel('Promo text (العربية)').fill('عروض العيد على كل العبايات');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();

  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Dar Al Qamar', exact: true })).toBeVisible();
  await expect(header.getByText('Eid offers on every abaya')).toBeVisible();
  await expect(page).toHaveTitle(/Dar Al Qamar/);
  await expect(
    page.getByRole('contentinfo').getByRole('heading', { name: 'Dar Al Qamar' }),
  ).toBeVisible();

  await page.goto('/?lang=ar');
  await expect(page.getByRole('banner').getByText('عروض العيد على كل العبايات')).toBeVisible();

  // The shop as the other journeys on this shop expect it.
  const restored = await page.request.put('/api/admin/settings', {
    data: original,
    headers: { origin: `http://127.0.0.1:${ports.delayed}` },
  });
  expect(restored.status()).toBe(200);
});
