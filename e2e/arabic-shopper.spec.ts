import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

interface ShopProduct {
  id: number;
  name: string;
  price: number;
  stock: number;
  colours: { name: string; hex: string; translations: { ar?: { name: string } } }[];
  variants: { id: number; colour: string | null; size: string | null; stock: number }[];
  translations: { ar?: { name: string } };
}

async function products(request: APIRequestContext): Promise<ShopProduct[]> {
  const response = await request.get('/api/products?sort=price_asc&limit=60');
  return ((await response.json()) as { items: ShopProduct[] }).items;
}

const usd = (cents: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** Billing details by field id, so the journey reads the same in either language. */
async function fillBilling(page: Page) {
  await page.locator('#billing-firstName').fill('Ada');
  await page.locator('#billing-streetAddress').fill('1 Market Street');
  await page.locator('#billing-city').fill('Cairo');
  await page.locator('#billing-phone').fill('+20 100 000 0000');
  await page.locator('#billing-email').fill('ada@example.com');
  await page.locator('input[value="cash_on_delivery"]').check();
}

test('an Arabic shopper reads Arabic product and colour names from the product page to the order', async ({
  page,
  request,
}) => {
  const product = (await products(request)).find(
    (p) => p.stock >= 5 && p.translations.ar && p.colours.some((c) => c.translations.ar),
  )!;
  const arabicName = product.translations.ar!.name;
  const colour = product.colours.find((c) => c.translations.ar)!;

  await page.goto(`/productdetails/${product.id}?lang=ar`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(arabicName);
  // Colour names, for screen readers and in the swatch's tooltip, are the Arabic ones.
  await expect(page.getByRole('radio', { name: colour.translations.ar!.name })).toHaveCount(1);
  await expect(page.locator(`[title="${colour.translations.ar!.name}"]`)).toHaveCount(1);
  await expect(page.locator(`[title="${colour.name}"]`)).toHaveCount(0);

  await page.getByRole('button', { name: `أضف ${arabicName} إلى قائمة الأمنيات` }).click();
  await page.getByRole('button', { name: 'أضف إلى السلة', exact: true }).click();
  // Presses before the page has become the app are replayed once it has: the badges show them.
  await expect(page.getByTestId('wishlist-count')).toHaveText('1');
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await page.goto('/wishlist');
  await expect(page.getByRole('link', { name: arabicName, exact: true })).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByRole('link', { name: arabicName })).toBeVisible();
  await expect(page.getByText(product.name, { exact: true })).toHaveCount(0);

  await page.goto('/checkout');
  await expect(page.getByText(arabicName)).toBeVisible();
  await fillBilling(page);
  await page.getByRole('button', { name: 'تأكيد الطلب' }).click();

  await expect(page.getByRole('heading', { name: 'شكرًا لطلبك' })).toBeVisible();
  await expect(page.getByText(arabicName)).toBeVisible();
});

test('an Arabic shopper reads the shop’s refusal of an order in Arabic', async ({
  page,
  request,
  pageErrors,
}) => {
  // Stock is held per variant: the refused row is one variant, stored as the cart stores it.
  const product = (await products(request)).find((p) =>
    p.variants.some((v) => v.stock > 0 && v.stock < 98),
  )!;
  const variant = product.variants.find((v) => v.stock > 0 && v.stock < 98)!;
  const line = {
    id: product.id,
    variant: {
      id: variant.id,
      colour: product.colours.find((c) => c.name === variant.colour) ?? null,
      size: variant.size,
    },
    // One more than the shop holds, as a cart saved before others bought the rest would ask.
    quantity: variant.stock + 1,
  };
  await page.goto('/?lang=ar');
  // The language from the link is remembered once its text has loaded and the page turned Arabic.
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await page.evaluate((entry) => {
    localStorage.setItem('selectedProducts', JSON.stringify([entry]));
    localStorage.setItem('selectedProductsID', JSON.stringify([entry.id]));
  }, line);
  await page.goto('/checkout');
  await fillBilling(page);
  await page.getByRole('button', { name: 'تأكيد الطلب' }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'لم يعد المخزون كافيًا' })).toBeVisible();
  await expect(page.getByText(/Not enough in stock/)).toHaveCount(0);
  expect(pageErrors.filter((e) => !/^409 .*\/api\/orders$/.test(e))).toEqual([]);
  pageErrors.length = 0;
});

test('a cart and wishlist saved by an older release keep their products, with current details', async ({
  page,
  request,
}) => {
  const [first, second] = (await products(request)).filter((p) => p.stock >= 5);
  await page.goto('/');
  await page.evaluate(
    ([cartId, wishedId]) => {
      // Only the id and quantity, and a wished entry without image or translations.
      localStorage.setItem('selectedProducts', JSON.stringify([{ id: cartId, quantity: 2 }]));
      localStorage.setItem('selectedProductsID', JSON.stringify([cartId]));
      localStorage.setItem(
        'wishlistProducts',
        JSON.stringify([{ id: wishedId, name: 'Old name', price: 1 }]),
      );
      localStorage.setItem('wishlistProductsID', JSON.stringify([wishedId]));
    },
    [first!.id, second!.id],
  );

  await page.goto('/cart');
  const row = page
    .getByTestId('cart-row')
    .filter({ has: page.getByRole('link', { name: first!.name }) });
  await expect(row).toContainText(usd(first!.price));
  await expect(row).toContainText(usd(first!.price * 2));
  await expect(page.getByText(/The price changed/)).toHaveCount(0);
  // The stored entry now holds the shop's details too.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('selectedProducts')))
    .toContain(JSON.stringify(first!.name));

  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { name: 'Wishlist (1)' })).toBeVisible();
  await expect(page.getByRole('link', { name: second!.name })).toBeVisible();
  await expect(page.getByText('Old name')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the product list comes first and the filters open in a sheet', async ({
    page,
    request,
  }) => {
    const categories = (await (await request.get('/api/categories')).json()) as {
      items: { slug: string; name: string; productCount: number }[];
    };
    const category = categories.items.find((c) => c.productCount > 0)!;

    await page.goto('/productS');
    await expect(page.getByRole('main').getByRole('article').first()).toBeInViewport();
    await expect(page.getByRole('radio', { name: category.name })).toHaveCount(0);

    const open = page.getByRole('button', { name: 'Filters' });
    await open.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(sheet.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    await open.click();
    await sheet.getByRole('radio', { name: category.name }).check();
    await sheet.getByRole('textbox', { name: 'Min' }).fill('10');
    await sheet.getByRole('button', { name: 'Apply price' }).click();
    expect(await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()).toHaveProperty(
      'violations',
      [],
    );
    await sheet.getByRole('button', { name: 'Close filters' }).click();
    await expect(sheet).toBeHidden();
    await expect(open).toBeFocused();

    await expect(page).toHaveURL(new RegExp(`category=${category.slug}`));
    await page.getByRole('button', { name: `Remove filter: ${category.name}` }).click();
    await expect(page).not.toHaveURL(/category=/);
    await page.getByRole('button', { name: /^Remove filter: From/ }).click();
    await expect(page).not.toHaveURL(/minPrice=/);
    await expect(page.getByRole('button', { name: /^Remove filter/ })).toHaveCount(0);
  });

  test('in Arabic the filter sheet comes in from the right', async ({ page }) => {
    await page.goto('/productS?lang=ar');
    await page.getByRole('button', { name: 'عوامل التصفية' }).click();
    const sheet = page.getByRole('dialog', { name: 'عوامل التصفية' });
    await expect(sheet).toBeVisible();
    await expect
      .poll(async () => {
        const box = await sheet.boundingBox();
        return box && Math.round(box.x + box.width);
      })
      .toBe(390);
  });
});

test('the search box suggests products by their Arabic names on an Arabic page', async ({
  page,
  request,
}) => {
  const response = await request.get('/api/search/suggestions?q=head');
  const [first] = ((await response.json()) as { items: ShopProduct[] }).items;
  await page.goto('/?lang=ar');
  await page.getByRole('combobox', { name: 'ابحث عن المنتجات' }).fill('head');
  // Matching categories come first; the products follow, by their Arabic names.
  const suggestion = page
    .getByRole('listbox', { name: 'اقتراحات' })
    .getByRole('option')
    .filter({ hasText: first!.translations.ar!.name });
  await expect(suggestion).toHaveCount(1);
  await expect(suggestion).not.toContainText(first!.name);
});
