import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mailsTo } from './outbox';

/*
 * Card payments through the local Stripe double's hosted page (e2e/support), which sends the
 * shopper back and the signed webhook to the shop, as Stripe does.
 */

interface ListedProduct {
  id: number;
  stock: number;
  variants: { id: number; stock: number }[];
}

/** A product with one variant and stock to spare, so its page's Add to Cart needs no choice. */
async function productInStock(request: APIRequestContext, skip: number): Promise<ListedProduct> {
  const res = await request.get('/api/products?sort=price_asc&limit=60');
  const items = ((await res.json()) as { items: ListedProduct[] }).items.filter(
    (p) => p.variants.length === 1 && p.stock >= 10,
  );
  return items[skip]!;
}

async function fillBillingInArabic(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'الاسم الأول', exact: true }).fill('ليلى');
  await page.getByRole('textbox', { name: 'عنوان الشارع', exact: true }).fill('شارع المدينة ١');
  await page.getByRole('textbox', { name: 'المدينة/البلدة', exact: true }).fill('عمّان');
  await page.getByRole('textbox', { name: 'رقم الهاتف', exact: true }).fill('+962 79 555 0142');
  await page.getByRole('textbox', { name: 'البريد الإلكتروني', exact: true }).fill(email);
}

test.describe('on a phone in Arabic', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'ar' });

  test('a shopper pays by card on the hosted page and comes back to a paid order and its mail', async ({
    page,
    request,
  }) => {
    const product = await productInStock(request, 0);
    const email = `card-${Date.now()}@example.com`;
    await page.goto(`/productdetails/${product.id}?lang=ar`);
    await page.getByRole('button', { name: 'أضف إلى السلة' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await page.goto('/checkout');
    await fillBillingInArabic(page, email);
    const card = page.getByRole('radio', { name: /بطاقة/ });
    await card.check();
    const box = await card.locator('xpath=ancestor::label').boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await page.getByRole('button', { name: 'تأكيد الطلب' }).click();

    // The provider's page, in the shopper's language.
    await expect(page.getByRole('heading', { name: 'دفع تجريبي' })).toBeVisible();
    await page.getByRole('button', { name: 'ادفع' }).click();

    await expect(page.getByRole('heading', { name: 'تم استلام الدفعة' })).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveCount(0);
    await expect
      .poll(() =>
        mailsTo(email)
          .map((mail) => mail.text)
          .join('\n'),
      )
      .toContain('تم الدفع بالبطاقة');
  });

  test('a shopper whose card was declined cancels the order and keeps the cart', async ({
    page,
    request,
  }) => {
    const product = await productInStock(request, 2);
    await page.goto(`/productdetails/${product.id}?lang=ar`);
    await page.getByRole('button', { name: 'أضف إلى السلة' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await page.goto('/checkout');
    await fillBillingInArabic(page, `cancel-${Date.now()}@example.com`);
    await page.getByRole('radio', { name: /بطاقة/ }).check();
    await page.getByRole('button', { name: 'تأكيد الطلب' }).click();
    await page.getByRole('button', { name: 'رفض البطاقة' }).click();
    await expect(page.getByRole('heading', { name: 'لم تكتمل الدفعة' })).toBeVisible();

    await page.getByRole('button', { name: 'إلغاء هذا الطلب' }).click();
    await expect(page.getByText('هل تريد إلغاء هذا الطلب؟')).toBeVisible();
    await page.getByRole('button', { name: 'نعم، ألغِه' }).click();
    // Other journeys buy the same products at the same time, so the stock's return is checked by
    // the payments API tests; the shopper sees it said, and the cart as it was.
    await expect(page.getByRole('heading', { name: 'أُلغي الطلب' })).toBeVisible();
    await expect(page.getByText('وعادت منتجاته إلى البيع')).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
  });
});

test('a declined card leaves the cart and the held items, and paying again places the order', async ({
  page,
  request,
}) => {
  const product = await productInStock(request, 1);
  await page.goto(`/productdetails/${product.id}`);
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'First Name', exact: true }).fill('Ada');
  await page.getByRole('textbox', { name: 'Street Address', exact: true }).fill('1 Market Street');
  await page.getByRole('textbox', { name: 'Town/City', exact: true }).fill('Cairo');
  await page.getByRole('textbox', { name: 'Phone Number', exact: true }).fill('+20 100 000 0000');
  await page.getByRole('textbox', { name: 'Email Address', exact: true }).fill('ada@example.com');
  await page.getByRole('radio', { name: /Card/ }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Decline card' }).click();
  await expect(page.getByRole('heading', { name: 'Payment not completed' })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await page.getByRole('button', { name: 'Try paying again' }).click();
  await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
});

test('a guest whose card was declined cancels the order from the order look-up', async ({
  page,
  request,
}) => {
  const product = await productInStock(request, 3);
  const email = `lookup-cancel-${Date.now()}@example.com`;
  await page.goto(`/productdetails/${product.id}`);
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'First Name', exact: true }).fill('Omar');
  await page.getByRole('textbox', { name: 'Street Address', exact: true }).fill('2 Souk Street');
  await page.getByRole('textbox', { name: 'Town/City', exact: true }).fill('Muscat');
  await page.getByRole('textbox', { name: 'Phone Number', exact: true }).fill('+968 9100 0000');
  await page.getByRole('textbox', { name: 'Email Address', exact: true }).fill(email);
  await page.getByRole('radio', { name: /Card/ }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.getByRole('button', { name: 'Decline card' }).click();
  await expect(page.getByRole('heading', { name: 'Payment not completed' })).toBeVisible();

  // The declined card's mail names the order; the guest looks it up with it later.
  let number = '';
  await expect
    .poll(() => {
      number =
        /SQ-[0-9A-Z]+/.exec(
          mailsTo(email)
            .map((m) => m.subject)
            .join(' '),
        )?.[0] ?? '';
      return number;
    })
    .not.toBe('');
  await page.goto('/orders/lookup');
  await page.getByLabel('Order number').fill(number);
  await page.getByLabel('Email address used for the order').fill(email);
  await page.getByRole('button', { name: 'Find order' }).click();
  await expect(page.getByText('Awaiting payment')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Order ${number} is cancelled` }),
  ).toBeVisible();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
});
