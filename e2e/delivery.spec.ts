import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

interface ShopProduct {
  id: number;
  stock: number;
  colours: { name: string; hex: string }[];
  variants: { id: number; colour: string | null; size: string | null; stock: number }[];
}

/** A product with one variant in stock, put into the cart as the shop keeps it. */
async function fillCart(page: Page, request: APIRequestContext) {
  const list = (await (await request.get('/api/products?sort=price_asc&limit=60')).json()) as {
    items: ShopProduct[];
  };
  const product = list.items.find((p) => p.variants.some((v) => v.stock >= 5))!;
  const variant = product.variants.find((v) => v.stock >= 5)!;
  const entry = {
    id: product.id,
    quantity: 1,
    variant: {
      id: variant.id,
      colour: product.colours.find((c) => c.name === variant.colour) ?? null,
      size: variant.size,
    },
  };
  await page.evaluate((line) => {
    localStorage.setItem('selectedProducts', JSON.stringify([line]));
    localStorage.setItem('selectedProductsID', JSON.stringify([line.id]));
  }, entry);
}

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('an Arabic shopper in Riyadh chooses express delivery and cash on delivery on a phone', async ({
  page,
  request,
}) => {
  await page.goto('/?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await fillCart(page, request);
  await page.goto('/checkout');

  await page.locator('#billing-firstName').fill('نورة');
  await page.locator('#billing-lastName').fill('العتيبي');
  await page.locator('#billing-country').selectOption('SA');
  // Saudi addresses carry a postcode; phones get the number pad for it.
  await expect(page.locator('#billing-postalCode')).toHaveAttribute('inputmode', 'numeric');
  await expect(page.locator('#billing-phone')).toHaveAttribute('autocomplete', 'tel');
  await page.locator('#billing-streetAddress').fill('طريق الملك فهد 12');
  await page.locator('#billing-city').fill('الرياض');
  await page.locator('#billing-postalCode').fill('12211');
  await page.locator('#billing-phone').fill('+966 50 123 4567');
  await page.locator('#billing-email').fill('noura@example.com');

  // The options follow the address once the shopper pauses: Riyadh's express is 25.00, the rest
  // of Saudi Arabia's 35.00. The shopper chooses from Riyadh's.
  const express = page.getByRole('radio', { name: /توصيل سريع/ });
  await expect(page.locator('label', { has: express })).toContainText('25.00');
  await expect(page.getByRole('radio', { name: /توصيل عادي/ })).toBeChecked();
  await express.check();
  await page.locator('input[value="cash_on_delivery"]').check();
  await expect(express).toBeChecked();
  // Prices include Saudi VAT: the summary says how much of the total is tax.
  const includesVat = /يشمل ضريبة القيمة المضافة \((15|١٥)[%٪]\)/;
  await expect(page.getByTestId('order-tax')).toContainText(includesVat);

  const noSideways = await page.evaluate(
    () => document.documentElement.scrollWidth <= window.innerWidth,
  );
  expect(noSideways).toBe(true);

  await page.getByRole('button', { name: 'تأكيد الطلب' }).click();
  await expect(page.getByRole('heading', { name: 'شكرًا لطلبك' })).toBeVisible();
  await expect(page.getByText('توصيل سريع').first()).toBeVisible();
  await expect(page.getByText('المملكة العربية السعودية').first()).toBeVisible();
  await expect(page.getByTestId('order-tax')).toContainText(includesVat);

  // Her simplified tax invoice, in Arabic, names the 15% and the VAT in the total.
  const orderNumber = (await page.getByTestId('order-number').textContent())!.trim();
  await page.getByRole('link', { name: /^INV-\d+$/ }).click();
  const invoice = page.getByTestId('tax-document');
  await expect(invoice.getByRole('heading', { name: 'فاتورة ضريبية مبسطة' })).toBeVisible();
  await expect(invoice).toContainText(orderNumber);
  await expect(invoice).toContainText(/(15|١٥)\u200e?[%٪]/);
  await expect(invoice).toContainText('الإجمالي شامل الضريبة');
});

test('a shopper whose address no zone serves is told before paying', async ({ page, request }) => {
  await page.goto('/');
  await fillCart(page, request);
  await page.goto('/checkout');
  await page.locator('#billing-country').selectOption('FR');
  await page.locator('#billing-city').fill('Paris');

  await expect(
    page.getByRole('alert').filter({ hasText: 'We do not deliver to this address in France' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  await expect(page.getByRole('radio', { name: /Standard delivery|Express delivery/ })).toHaveCount(
    0,
  );
});
