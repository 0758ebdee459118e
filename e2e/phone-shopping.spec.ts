import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, settle, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const words = {
  en: {
    openImage: 'Open image 1 of 1 full screen',
    viewer: /^Pictures of /,
    closeViewer: 'Close pictures',
    related: 'You may also like',
    quickBuy: 'Quick buy',
    addToCart: 'Add To Cart',
    chooseSize: 'Choose a size first.',
    viewCart: 'View cart',
    more: /^One more /,
    quantity: /^Quantity of /,
    lineTotal: 'Subtotal',
    proceed: 'Proceed to checkout',
  },
  ar: {
    openImage: 'افتح الصورة 1 من 1 بملء الشاشة',
    viewer: /^صور /,
    closeViewer: 'أغلق الصور',
    related: 'قد يعجبك أيضًا',
    quickBuy: 'شراء سريع',
    addToCart: 'أضف إلى السلة',
    chooseSize: 'اختر المقاس أولًا.',
    viewCart: 'عرض السلة',
    more: /^قطعة أخرى من /,
    quantity: /^كمية /,
    lineTotal: 'المجموع الفرعي',
    proceed: 'المتابعة إلى الدفع',
  },
} as const;

interface ListedProduct {
  id: number;
  images: string[];
  sizes: string[];
  variants: { size: string | null; stock: number }[];
}

/** A product with one picture and a size with a few in stock in every colour, and that size. */
async function productInSizes(request: APIRequestContext) {
  const response = await request.get('/api/products?sort=best_selling&limit=100');
  const { items } = (await response.json()) as { items: ListedProduct[] };
  for (const product of items.filter((p) => p.images.length === 1)) {
    const size = product.sizes.find((s) =>
      product.variants.filter((v) => v.size === s).every((v) => v.stock > 3),
    );
    if (size) return { product, size };
  }
  throw new Error('No product in sizes with a size in stock in every colour');
}

/** axe's serious and critical findings on what is on screen now. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** Scrolls the page down until `target` is at the top of the screen. */
async function scrollToTop(target: Locator) {
  await target.evaluate((element) => element.scrollIntoView({ block: 'start' }));
}

/** Two fingers spread apart over `target`, as the browser gets them from a touch screen. */
async function pinchOut(page: Page, target: Locator) {
  const box = await target.boundingBox();
  if (!box) throw new Error('The picture is not on screen');
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const fingers = (spread: number) => [
    { x: centre.x - spread, y: centre.y, id: 1 },
    { x: centre.x + spread, y: centre.y, id: 2 },
  ];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(30) });
  for (const spread of [45, 60, 75, 90]) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(spread) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

for (const language of ['en', 'ar'] as const) {
  test(`on a phone in ${language === 'en' ? 'English' : 'Arabic'}: zoom a picture, add from the quick-buy bar, change the quantity, reach checkout`, async ({
    page,
    request,
  }) => {
    const text = words[language];
    const { product, size } = await productInSizes(request);
    await page.goto(`/productdetails/${product.id}?lang=${language}`);
    await settle(page);

    // The picture opens full screen and two fingers zoom it.
    await page.getByRole('button', { name: text.openImage }).click();
    const viewer = page.getByRole('dialog', { name: text.viewer });
    const frame = viewer.getByTestId('zoom-frame');
    await expect(frame).toHaveAttribute('data-zoom', '1.00');
    await pinchOut(page, frame);
    await expect(frame).toHaveAttribute('data-zoom', /^(?!1\.00)/);
    expect(await seriousViolations(page)).toEqual([]);
    await viewer.getByRole('button', { name: text.closeViewer }).click();
    await expect(viewer).toBeHidden();

    // Below the page's own buttons, the quick-buy bar adds; first it asks for a size.
    const quickBuy = page.getByRole('region', { name: text.quickBuy });
    await expect(quickBuy).toHaveCount(0);
    await scrollToTop(page.getByRole('heading', { name: text.related }));
    await quickBuy.getByRole('button', { name: text.addToCart }).click();
    await expect(page.getByRole('alert')).toHaveText(text.chooseSize);
    const sizeChoice = page.getByRole('radio', { name: size, exact: true });
    await page.locator('label', { has: sizeChoice }).click();
    await expect(sizeChoice).toBeChecked();
    await scrollToTop(page.getByRole('heading', { name: text.related }));
    await quickBuy.getByRole('button', { name: text.addToCart }).click();
    await page.getByRole('link', { name: text.viewCart }).click();

    // The cart saves a quantity as it changes and goes on to checkout.
    await expect(page).toHaveURL(/\/cart/);
    // The line's total sits at the end of the name's row, not wrapped under the stepper (where a
    // longer currency, as the Arabic "US$", used to push it).
    const row = page.getByTestId('cart-row');
    const total = row.locator('p', { hasText: text.lineTotal });
    // Measured once the total is shown: until the server's prices come, its column is empty.
    await expect(total).toContainText(/\d/);
    const nameBox = (await row.getByRole('link').first().boundingBox())!;
    const totalBox = (await total.boundingBox())!;
    const stepperBox = (await row.getByRole('spinbutton', { name: text.quantity }).boundingBox())!;
    expect(Math.abs(totalBox.y - nameBox.y)).toBeLessThan(8);
    expect(stepperBox.y).toBeGreaterThan(totalBox.y + totalBox.height);
    if (language === 'en') expect(totalBox.x).toBeGreaterThan(nameBox.x + nameBox.width);
    else expect(totalBox.x + totalBox.width).toBeLessThan(nameBox.x);
    await page.getByRole('button', { name: text.more }).click();
    await expect(page.getByRole('spinbutton', { name: text.quantity })).toHaveValue('2');
    await page.reload();
    await expect(page.getByRole('spinbutton', { name: text.quantity })).toHaveValue('2');
    await expect(page.getByRole('link', { name: text.proceed })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: text.proceed }).click();
    await expect(page).toHaveURL(/\/checkout/);
    // Whatever the checkout page asks first (its own journeys test it), it is on screen.
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  });
}
