import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { hydrationSnapshots, recordHydration } from './hydration';

interface ListedProduct {
  id: number;
  name: string;
  stock: number;
  sizes: string[];
  translations: { ar?: { name: string } };
}

async function productWithoutSizes(page: Page) {
  const response = await page.request.get('/api/products?sort=best_selling&limit=48');
  const { items } = (await response.json()) as { items: ListedProduct[] };
  const product = items.find((p) => p.sizes.length === 0 && p.stock > 0 && p.translations.ar);
  expect(product, 'a product without sizes, in stock, with an Arabic name').toBeDefined();
  return product!;
}

for (const language of ['en', 'ar'] as const) {
  test(`a product page hydrates without changing the page, and Add To Cart works at once (${language})`, async ({
    page,
  }) => {
    const product = await productWithoutSizes(page);
    await recordHydration(page);
    const catalogReads: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === `/api/products/${product.id}` || pathname === '/api/categories') {
        catalogReads.push(pathname);
      }
    });
    const response = await page.goto(
      `/productdetails/${product.id}${language === 'ar' ? '?lang=ar' : ''}`,
    );
    // Sent as the gzip member joined from parts compressed once (decision 017), which the
    // browser reads as any other.
    expect(response?.headers()['content-encoding']).toBe('gzip');
    const name = language === 'ar' ? product.translations.ar!.name : product.name;

    // The server's HTML already holds the product.
    const { before, after, intlFormatsBuilt } = await hydrationSnapshots(page);
    expect(before).toContain(name);
    expect(after).toBe(before);
    // Its prices, ratings and the footer's country are the server's text: hydration builds no
    // number format and no country names.
    expect(intlFormatsBuilt).toBe(0);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');

    await page
      .getByRole('button', { name: language === 'ar' ? 'أضف إلى السلة' : 'Add To Cart' })
      .click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
  });

  test(`the home, list, category, search and about pages hydrate without changing the page (${language})`, async ({
    page,
  }) => {
    await recordHydration(page);
    const paths = [
      '/',
      '/productS?sort=price_asc',
      '/category?category=phones',
      '/search?query=wireless',
      '/about',
    ];
    for (const path of paths) {
      await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${language}`);
      const { before, after, intlFormatsBuilt } = await hydrationSnapshots(page);
      expect(before, path).toContain('<h1');
      expect(after, path).toBe(before);
      expect(intlFormatsBuilt, path).toBe(0);
    }
  });
}

test('Add To Cart pressed before the page has become the app still adds the product', async ({
  page,
}) => {
  const product = await productWithoutSizes(page);
  // Holds the page's own module back, so the press lands on the server's HTML alone.
  let releaseApp: () => void = () => {};
  const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
  await page.route(/\/assets\/product-details-page-[^/]*\.js$/, async (route) => {
    await appHeld;
    await route.continue();
  });
  await page.goto(`/productdetails/${product.id}`, { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);

  releaseApp();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' })).toBeVisible();
});

test('text typed into the search box before the page has its script shows suggestions once it does', async ({
  page,
}) => {
  const response = await page.request.get('/api/search/suggestions?q=head');
  const [first] = ((await response.json()) as { items: ListedProduct[] }).items;
  // The page's entry script is held back until the shopper has typed, as on a slow link.
  let release = () => {};
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await typed;
    await route.continue();
  });
  await page.goto('/?lang=ar', { waitUntil: 'commit' });
  await page.getByRole('combobox', { name: 'ابحث عن المنتجات' }).fill('head');
  release();
  // Matching categories come first; the product follows, by its Arabic name.
  const suggestion = page
    .getByRole('listbox', { name: 'اقتراحات' })
    .getByRole('option')
    .filter({ hasText: first!.translations.ar!.name });
  await expect(suggestion).toHaveCount(1);
  await expect(page.getByRole('combobox', { name: 'ابحث عن المنتجات' })).toHaveValue('head');
});
