import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

interface ListedProduct {
  id: number;
  name: string;
  price: number;
  stock: number;
}

async function listProducts(request: APIRequestContext, query: string) {
  const response = await request.get(`/api/products?${query}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: ListedProduct[] }).items;
}

/** The prices shown on the cards, in cents, in page order. */
async function shownPrices(page: import('@playwright/test').Page) {
  const texts = await page
    .getByRole('main')
    .getByRole('listitem')
    .locator('article > span > .text-brand')
    .allTextContents();
  return texts.map((text) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100));
}

test('home → category → product → add to cart updates the header badge', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Flash Sales' })).toBeVisible();
  // The lower sections render as they scroll into view.
  await page.getByRole('heading', { name: 'Flash Sales' }).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 800);
  const browse = page.getByRole('region', { name: 'Browse By Category' });
  await browse.getByRole('link', { name: 'Phones', exact: true }).click();

  await expect(page).toHaveURL(/\/category\?category=phones$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Phones');
  const phones = await listProducts(request, 'category=phones&sort=best_selling&limit=24');
  const product = phones.find((p) => p.stock > 0)!;
  await page.getByRole('link', { name: product.name, exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/productdetails/${product.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  const sizes = page.getByRole('group', { name: 'Size:' });
  if (await sizes.isVisible()) await sizes.getByRole('radio').first().check({ force: true });
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  // The confirmation goes away by itself.
  await expect(page.getByText('Added to your cart.')).toHaveCount(0);
});

test('the flash sale counts down from the server clock', async ({ page }) => {
  await page.goto('/');
  const timer = page.getByRole('timer', { name: 'Sale ends in' });
  await expect(timer).toBeVisible();
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first ?? '');
  await expect(timer).not.toContainText('-');
});

test('searching from the header with & in the query', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('salt & pepper');
  await box.press('Enter');

  await expect(page).toHaveURL(/\/search\?query=salt%20%26%20pepper$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “salt & pepper”');
  await expect(page.getByRole('link', { name: 'Salt & Pepper Grinder Set' })).toBeVisible();
  await expect(box).toHaveValue('salt & pepper');

  // Back on a fresh load, the box is filled from the URL's query as well.
  await page.goto('/search?query=%23%25%26');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “#%&”');
  await expect(box).toHaveValue('#%&');
  await expect(page.getByText('No products match your search.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View All Products' })).toBeVisible();
});

test('header suggestions: arrow keys and Enter open a product, Escape closes', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search products' });
  // A word no category's name holds: the suggestions are products only (a category comes first).
  await box.pressSequentially('wireless');
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(list.getByRole('option').first()).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');

  await box.press('Escape');
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');

  await box.press('ArrowDown');
  await expect(list.getByRole('option').first()).toBeVisible();
  await box.press('ArrowDown');
  const chosen = list.getByRole('option', { selected: true });
  await expect(chosen).toHaveCount(1);
  const name = (await chosen.locator('span').first().textContent()) ?? '';
  await box.press('Enter');
  await expect(page).toHaveURL(/\/productdetails\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

test('/productS keeps category, price and sort in the URL across reload and Back', async ({
  page,
}) => {
  await page.goto('/productS?page=2');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Products');

  // A new filter starts again at page 1.
  // Clicked rather than check(): the radio shows the URL's state, which follows a moment later.
  // Each category names how many products it would leave.
  await page.getByRole('radio', { name: /^Phones \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/\/productS\?category=phones$/);
  await expect(page.getByRole('radio', { name: /^Phones \(\d+\)$/ })).toBeChecked();

  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_asc');
  await expect(page).toHaveURL(/category=phones&sort=price_asc$/);
  await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
  // Polled: the grid keeps the previous results on screen until the new ones arrive.
  await expect
    .poll(async () => {
      const prices = await shownPrices(page);
      return prices.length > 1 && prices.every((price, i) => i === 0 || prices[i - 1]! <= price);
    })
    .toBe(true);

  await page.getByRole('textbox', { name: 'Min' }).fill('300');
  await page.getByRole('textbox', { name: 'Max' }).fill('100');
  await page.getByRole('button', { name: 'Apply price' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The minimum price must not be above the maximum.',
  );
  await page.getByRole('textbox', { name: 'Max' }).fill('800');
  await page.getByRole('button', { name: 'Apply price' }).click();
  await expect(page).toHaveURL(/category=phones&sort=price_asc&minPrice=300&maxPrice=800$/);
  await expect(page.getByText(/^\d+ products?$/)).toBeVisible();
  await expect
    .poll(async () => {
      const prices = await shownPrices(page);
      return prices.length > 0 && prices.every((p) => p >= 30000 && p <= 80000);
    })
    .toBe(true);

  await page.reload();
  await expect(page.getByRole('radio', { name: /^Phones \(\d+\)$/ })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');
  await expect(page.getByRole('textbox', { name: 'Min' })).toHaveValue('300');
  await expect(page.getByRole('textbox', { name: 'Max' })).toHaveValue('800');

  await page.goBack();
  await expect(page).toHaveURL(/category=phones&sort=price_asc$/);
  await expect(page.getByRole('textbox', { name: 'Min' })).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL(/\/productS\?category=phones$/);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('best_selling');
});

test('a product page: quantity stepper within the stock, and Buy Now', async ({
  page,
  request,
}) => {
  const [product] = (await listProducts(request, 'sort=best_selling&limit=40')).filter(
    (p) => p.stock > 1,
  );
  await page.goto(`/productdetails/${product!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product!.name);

  const quantity = page.getByRole('spinbutton', { name: `Quantity of ${product!.name}` });
  await expect(quantity).toHaveValue('1');
  await page.getByRole('button', { name: `One more ${product!.name}` }).click();
  await expect(quantity).toHaveValue('2');
  await quantity.pressSequentially('x');
  await expect(quantity).toHaveValue('2');
  // More than in stock is brought down to the stock, saying so.
  await quantity.fill(String(product!.stock + 1));
  await quantity.blur();
  await expect(quantity).toHaveValue(String(product!.stock));
  await expect(page.getByRole('alert')).toHaveText(`Only ${product!.stock} in stock.`);

  const sizes = page.getByRole('group', { name: 'Size:' });
  if (await sizes.isVisible()) await sizes.getByRole('radio').first().check({ force: true });
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
});

test('the home page reads nothing its HTML carries, and the product page uses what its HTML preloads, once', async ({
  page,
  request,
}) => {
  const [bestSeller] = await listProducts(request, 'sort=best_selling&limit=1');
  // What the page itself asks for, so a preload is known to be used by what the page did rather
  // than by the absence of Chromium's "preloaded but not used" warning a few seconds later.
  await page.addInitScript(() => {
    const w = window as Window & { appFetches?: string[] };
    const fetchFirst = window.fetch.bind(window);
    w.appFetches = [];
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      w.appFetches?.push(new URL(url, location.href).href);
      return fetchFirst(input, init);
    };
  });
  const usedByPage = (href: string) =>
    page.evaluate((href) => {
      const url = new URL(href, location.href).href;
      const w = window as Window & { appFetches?: string[] };
      return (
        (w.appFetches ?? []).includes(url) ||
        [...document.images].some((image) => image.currentSrc === url) ||
        [...document.styleSheets].some((sheet) => sheet.href === url)
      );
    }, href);

  for (const path of ['/', `/productdetails/${bestSeller?.id}`]) {
    const fetched: string[] = [];
    const onRequest = (r: import('@playwright/test').Request) => {
      const url = new URL(r.url());
      fetched.push(url.pathname + url.search);
    };
    page.on('request', onRequest);
    await page.goto(path);
    const hinted = await page
      .locator('link[rel="preload"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    // The home page's categories and flash sale are in its HTML; the product page's image is not.
    expect(hinted.length, path).toBe(path === '/' ? 0 : 1);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const url of hinted) {
      await expect.poll(() => usedByPage(url), { message: `${path}: ${url} is used` }).toBe(true);
    }
    await page.waitForLoadState('networkidle');
    for (const url of hinted) {
      // A preload whose request did not match the page's (mode, credentials) is fetched again.
      expect(
        fetched.filter((f) => f === url),
        `${path}: ${url}`,
      ).toHaveLength(1);
    }
    if (path === '/') {
      const reads = fetched.filter((f) => /^\/api\/(categories|flash-sale)/.test(f));
      expect(reads, 'reads the home page HTML carries').toEqual([]);
    }
    page.off('request', onRequest);
  }
});
