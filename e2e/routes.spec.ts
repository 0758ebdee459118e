import { expect, test } from './fixtures';

const pages: [path: string, heading: RegExp][] = [
  ['/', /Up to 10% off voucher/],
  ['/contact', /Contact/],
  ['/about', /About Souq/],
  ['/signup', /Create an account/],
  ['/login', /Log in/],
  ['/cart', /Cart/],
  ['/wishlist', /Wishlist \(0\)/],
  ['/productS', /All Products/],
  ['/products', /All Products/],
  ['/category', /Browse By Category/],
  // Visitors are sent to log in first (accounts.spec.ts follows them back).
  ['/account', /Log in/],
  ['/checkout', /Checkout/],
  ['/search?query=headphones', /Results for “headphones”/],
  ['/privacy-policy', /Privacy Policy/],
  ['/terms-of-use', /Terms Of Use/],
  ['/faq', /Frequently Asked Questions/],
  ['/no/such/page', /404 Not Found/],
];

test.describe('every route renders inside the layout', () => {
  for (const [path, heading] of pages) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Souq', exact: true })).toHaveAttribute(
        'href',
        '/',
      );
    });
  }
});

test('a product page shows the product from the API', async ({ page, request }) => {
  const list = (await (await request.get('/api/products?limit=1&sort=price_desc')).json()) as {
    items: { id: number; name: string }[];
  };
  const product = list.items[0]!;
  await page.goto(`/productdetails/${product.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  await expect(page.getByRole('img', { name: product.name })).toBeVisible();
});

test('an unknown product answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/productdetails/999999');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Not Found');
  await page.getByRole('link', { name: 'Back to home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Up to 10% off voucher/);
});

test('an unknown category answers 404 with the not-found page, and the category list is one click away', async ({
  page,
}) => {
  const response = await page.goto('/productS?category=nope');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Not Found');
  // Moving in the browser to an unknown category, then to a known one at the same path.
  await page.goto('/category?category=phones');
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('souq:hydrated').length))
    .toBe(1);
  await page.evaluate(() => {
    history.pushState(null, '', '/category?category=nope');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Not Found');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Phones');
  // Arabic last: asking for it by link remembers the choice.
  const arabic = await page.goto('/category?category=nope&lang=ar');
  expect(arabic?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 الصفحة غير موجودة');
});

test('a link to a product that is gone says so and offers a way back', async ({
  page,
  pageErrors,
}) => {
  await page.goto('/');
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('souq:hydrated').length))
    .toBe(1);
  // Moving in the browser: the product page asks the API, which answers 404.
  await page.evaluate(() => {
    history.pushState(null, '', '/productdetails/999999');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Product not found');
  // The API's 404 is the expected answer here, and the only failed request.
  expect(pageErrors).toEqual([expect.stringMatching(/^404 .*\/api\/products\/999999$/)]);
  pageErrors.length = 0;
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page).toHaveURL(/\/productS$/);
});

test('the not-found page leads back home', async ({ page }) => {
  await page.goto('/definitely-missing');
  await page.getByRole('link', { name: 'Back to home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Up to 10% off voucher/);
});

test('the ShopNow promo link opens the swimwear it promises, at half price', async ({ page }) => {
  await page.goto('/');
  await expect(
    page.getByText(/Summer Sale: 50% Off All Swim Suits, And Free Express Delivery Over \$140!/),
  ).toBeVisible();
  await page.getByRole('link', { name: 'ShopNow' }).click();
  await expect(page).toHaveURL(/\/category\?category=swimwear$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Swimwear');
  await expect(page.getByRole('main').getByText('-50%').first()).toBeVisible();
});

test('every path change scrolls to the top, and the app taking the page over keeps its place', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'FAQ' }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  // Scrolled while the app was still taking the server's page over: it stays where it was.
  await page.waitForFunction(() => performance.getEntriesByName('souq:hydrated').length > 0);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await page.getByRole('link', { name: 'FAQ' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('the language selector switches the document direction', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});
