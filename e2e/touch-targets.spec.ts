import { expect, settle, test } from './fixtures';
import { routeUrls } from './route-urls';
import { undersizedTargets } from './touch-targets';

const phone = { width: 390, height: 844 };
test.use({ viewport: phone, isMobile: true, hasTouch: true });

for (const language of ['en', 'ar'] as const) {
  test(`on a phone in ${language === 'en' ? 'English' : 'Arabic'}, every control of every storefront route is 44 × 44 px or has that much room, and no page scrolls sideways`, async ({
    page,
    request,
  }) => {
    // Every route in one journey, one page load each.
    test.slow();
    const list = (await (await request.get('/api/products?limit=20')).json()) as {
      items: { id: number; variants: unknown[] }[];
    };
    const product = list.items.find((p) => p.variants.length === 1);
    expect(product, 'a product sold in one variant').toBeTruthy();
    // The cart and the wishlist are measured with a product in them, as a shopper sees them.
    await page.addInitScript((id) => {
      if (localStorage.getItem('selectedProducts')) return;
      localStorage.setItem('selectedProducts', JSON.stringify([{ id, quantity: 1 }]));
      localStorage.setItem('wishlistProducts', JSON.stringify([{ id, name: '', price: 0 }]));
      localStorage.setItem('wishlistProductsID', JSON.stringify([id]));
    }, product!.id);

    const failures: Record<string, unknown> = {};
    for (const url of await routeUrls(request)) {
      await page.goto(`${url}${url.includes('?') ? '&' : '?'}lang=${language}`);
      await settle(page);
      const undersized = await page.evaluate(undersizedTargets, 44);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (undersized.length > 0) failures[url] = undersized;
      if (width > phone.width) failures[`${url} (page width)`] = width;
    }
    expect(failures).toEqual({});
  });
}
