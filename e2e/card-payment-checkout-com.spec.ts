import type { APIRequestContext } from '@playwright/test';
import { ports } from '../playwright.config';
import { expect, test, uniqueEmail } from './fixtures';

/*
 * Card payments through the local Checkout.com double's hosted page (e2e/support), on the shop
 * as shipped, which is configured with Checkout.com while the fast shop has Stripe: the page
 * comes in the shopper's language and sends the signed `payment_captured` webhook and the
 * shopper back to the shop, as Checkout.com's Hosted Payments Page does.
 */
test.use({
  baseURL: `http://127.0.0.1:${ports.delayed}`,
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  locale: 'ar',
});

interface ListedProduct {
  id: number;
  stock: number;
  variants: { id: number; stock: number }[];
}

/** A product with one variant and stock to spare, so its page's Add to Cart needs no choice. */
async function productInStock(request: APIRequestContext): Promise<ListedProduct> {
  const res = await request.get('/api/products?sort=price_asc&limit=60');
  const items = ((await res.json()) as { items: ListedProduct[] }).items.filter(
    (p) => p.variants.length === 1 && p.stock >= 10,
  );
  return items[0]!;
}

test('a signed-in Arabic shopper pays on the hosted page and My Orders shows the order paid', async ({
  page,
}) => {
  const shopper = { name: 'ليلى', email: uniqueEmail('cko'), password: 'olive trees grow slowly' };
  // The page's request context shares its cookies: the sign-up signs the browser in.
  expect((await page.request.post('/api/auth/sign-up/email', { data: shopper })).status()).toBe(
    200,
  );
  const product = await productInStock(page.request);
  await page.goto(`/productdetails/${product.id}?lang=ar`);
  await page.getByRole('button', { name: 'أضف إلى السلة' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'الاسم الأول', exact: true }).fill('ليلى');
  await page.getByRole('textbox', { name: 'عنوان الشارع', exact: true }).fill('شارع التحلية ٤');
  await page.getByRole('textbox', { name: 'المدينة/البلدة', exact: true }).fill('جدة');
  await page.getByRole('textbox', { name: 'رقم الهاتف', exact: true }).fill('+966 55 555 0142');
  await page.getByRole('textbox', { name: 'البريد الإلكتروني', exact: true }).fill(shopper.email);
  await page.getByRole('radio', { name: /بطاقة/ }).check();
  await page.getByRole('button', { name: 'تأكيد الطلب' }).click();

  // Checkout.com's page, in Arabic (`locale: ar`), on the double.
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${ports.checkoutCom}/pay/`));
  await expect(page.getByRole('heading', { name: 'دفع تجريبي' })).toBeVisible();
  await page.getByRole('button', { name: 'ادفع' }).click();

  await expect(page.getByRole('heading', { name: 'تم استلام الدفعة' })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);

  await page.goto('/account/orders');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: /^SQ-/ }) });
  await expect(row).toHaveCount(1);
  // Paid: no longer awaiting its payment, and its history says the payment came.
  await expect(row.getByText('قيد الانتظار')).toBeVisible();
  await row.getByRole('link', { name: /^SQ-/ }).click();
  await expect(page.getByRole('heading', { name: 'تفاصيل الطلب' })).toBeVisible();
  await expect(page.getByText('تم استلام الدفعة')).toBeVisible();
  await expect(page.getByText('بطاقة', { exact: true })).toBeVisible();
});
