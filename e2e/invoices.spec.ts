import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, settle, test, uniqueEmail } from './fixtures';
import { undersizedTargets } from './touch-targets';

interface ShopProduct {
  id: number;
  variants: { id: number; stock: number }[];
}

/** Places a cash-on-delivery order for Riyadh through the API, as the page's account if signed in. */
async function placeOrder(request: APIRequestContext, email: string) {
  const list = (await (await request.get('/api/products?sort=price_desc&limit=60')).json()) as {
    items: ShopProduct[];
  };
  const product = list.items.find((p) => p.variants.some((v) => v.stock >= 5))!;
  const variant = product.variants.find((v) => v.stock >= 5)!;
  const response = await request.post('/api/orders', {
    headers: { 'idempotency-key': randomUUID() },
    data: {
      lines: [{ productId: product.id, variantId: variant.id, quantity: 1 }],
      billing: {
        firstName: 'نورة',
        lastName: 'العتيبي',
        streetAddress: 'طريق الملك فهد 12',
        city: 'الرياض',
        postalCode: '12211',
        country: 'SA',
        phone: '+966 50 123 4567',
        email,
      },
      paymentMethod: 'cash_on_delivery',
      locale: 'ar',
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; number: string; invoiceNumber: string };
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('an Arabic buyer opens the Arabic tax invoice from My Orders', async ({ page }) => {
    const email = uniqueEmail('noura');
    const signUp = await page.request.post('/api/auth/sign-up/email', {
      data: { name: 'نورة', email, password: 'olive trees grow slowly' },
    });
    expect(signUp.status()).toBe(200);
    const order = await placeOrder(page.request, email);
    expect(order.invoiceNumber).toMatch(/^INV-\d{6,}$/);

    await page.goto('/account/orders?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('link', { name: order.number }).click();
    await page.getByRole('link', { name: order.invoiceNumber }).click();

    await expect(page).toHaveURL(new RegExp(`/account/orders/${order.id}/invoice`));
    const invoice = page.getByTestId('tax-document');
    await expect(invoice.getByRole('heading', { name: 'فاتورة ضريبية مبسطة' })).toBeVisible();
    await expect(invoice).toContainText(order.invoiceNumber);
    await expect(invoice).toContainText(order.number);
    await expect(invoice.getByRole('heading', { name: 'البائع' })).toBeVisible();
    await expect(invoice.getByTestId('seller-vat-number')).not.toBeEmpty();
    await expect(invoice).toContainText('الإجمالي شامل الضريبة');
    await expect(invoice).toContainText('العتيبي');
    await expect(page.getByRole('button', { name: 'اطبع أو احفظ بصيغة PDF' })).toBeVisible();

    await settle(page);
    expect(await page.evaluate(undersizedTargets, 44)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });

  test('an Arabic buyer who cancels a cash-on-delivery order finds its invoice credited', async ({
    page,
  }) => {
    const email = uniqueEmail('cancel-credit');
    const signUp = await page.request.post('/api/auth/sign-up/email', {
      data: { name: 'نورة', email, password: 'olive trees grow slowly' },
    });
    expect(signUp.status()).toBe(200);
    const order = await placeOrder(page.request, email);

    await page.goto(`/account/orders/${order.id}?lang=ar`);
    await page.getByRole('button', { name: 'إلغاء الطلب' }).click();
    await page.getByRole('button', { name: 'نعم، ألغِه' }).click();
    await expect(page.getByText('ملغى', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: order.invoiceNumber }).click();

    const documents = page.getByRole('navigation', { name: 'الفاتورة والإشعارات الدائنة' });
    await documents.getByRole('link', { name: /إشعار دائن CN-\d{6,}/ }).click();
    const creditNote = page.getByTestId('tax-document');
    await expect(creditNote.getByRole('heading', { name: 'إشعار دائن' })).toBeVisible();
    await expect(creditNote).toContainText(order.invoiceNumber);
    await expect(creditNote).toContainText('أُلغي الطلب');
  });
});

test('a guest reaches the invoice through the order look-up', async ({ page, request }) => {
  const email = uniqueEmail('guest');
  const order = await placeOrder(request, email);

  await page.goto(`/orders/lookup?number=${order.number}`);
  await page.getByLabel('Email address used for the order').fill(email);
  await page.getByRole('button', { name: 'Find order' }).click();
  await page.getByRole('link', { name: order.invoiceNumber }).click();
  const invoice = page.getByTestId('tax-document');
  await expect(invoice.getByRole('heading', { name: 'Simplified tax invoice' })).toBeVisible();
  await expect(invoice).toContainText(order.invoiceNumber);

  // A reload keeps the look-up (it is in the tab's history); another tab asks for it first.
  await page.reload();
  await expect(invoice).toContainText(order.invoiceNumber);
  const otherTab = await page.context().newPage();
  await otherTab.goto('/orders/lookup/invoice');
  await expect(otherTab.getByText('Look up your order with its number')).toBeVisible();
  await expect(otherTab.getByTestId('tax-document')).toHaveCount(0);
});
