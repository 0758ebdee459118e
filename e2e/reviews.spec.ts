import type { APIRequestContext, Page } from '@playwright/test';
import { signedInOwner } from './admin-helpers';
import { expect, test, uniqueEmail } from './fixtures';

/*
 * A buyer reviews what was delivered to them, on a phone, in English and in Arabic: the review
 * shows at once (the shop's default), counted in the stars' summary.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

interface ListedProduct {
  id: number;
  name: string;
  stock: number;
  variants: { id: number; stock: number }[];
}

/** A product in one variant with stock, a different one for each journey (`which`). */
async function productToBuy(request: APIRequestContext, which: number): Promise<ListedProduct> {
  const list = (await (await request.get('/api/products?sort=newest&limit=60')).json()) as {
    items: ListedProduct[];
  };
  const fit = list.items.filter((p) => p.variants.length === 1 && p.stock >= 5);
  const product = fit[which];
  if (!product) throw new Error('no product in one variant with stock');
  return product;
}

/** The signed-in shopper orders the product; the owner confirms, ships and delivers it. */
async function buyAndReceive(page: Page, owner: APIRequestContext, product: ListedProduct) {
  const placed = await page.request.post('/api/orders', {
    headers: { 'idempotency-key': `review-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: {
      lines: [{ productId: product.id, quantity: 1 }],
      billing: {
        firstName: 'Layla',
        lastName: '',
        companyName: '',
        streetAddress: '1 Market Street',
        apartment: '',
        city: 'Dubai',
        country: 'AE',
        phone: '+971 50 123 4567',
        email: uniqueEmail('buyer'),
      },
      paymentMethod: 'cash_on_delivery',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { id } = (await placed.json()) as { id: number };
  for (const action of [
    { action: 'confirm' },
    { action: 'ship', carrierId: 1, trackingNumber: 'TRK-42' },
    { action: 'deliver' },
  ]) {
    const res = await owner.post(`/api/admin/orders/${id}/actions`, { data: action });
    expect(res.status(), await res.text()).toBe(200);
  }
}

const languages = [
  {
    lang: 'en',
    name: 'Layla Hassan',
    author: 'Layla H.',
    heading: 'What buyers say',
    star: '4 stars',
    titleLabel: 'Title',
    bodyLabel: 'Your review',
    submit: 'Publish review',
    published: 'It is published below.',
    verified: 'Verified purchase',
    title: 'Soft and well made',
    body: 'Arrived quickly.\nExactly as pictured.',
  },
  {
    lang: 'ar',
    name: 'ليلى حسن',
    author: 'ليلى ح.',
    heading: 'ماذا يقول المشترون',
    star: '4 نجوم',
    titleLabel: 'العنوان',
    bodyLabel: 'رأيك',
    submit: 'نشر التقييم',
    published: 'منشور أدناه.',
    verified: 'عملية شراء موثّقة',
    title: 'جودة ممتازة',
    body: 'وصل بسرعة.\nكما في الصورة تمامًا.',
  },
] as const;

for (const l of languages) {
  test(`a buyer reviews a delivered purchase on a phone (${l.lang})`, async ({
    page,
    playwright,
    baseURL,
  }) => {
    const owner = await signedInOwner(playwright, baseURL ?? '');
    const signUp = await page.request.post('/api/auth/sign-up/email', {
      data: { email: uniqueEmail('reviewer'), password: 'olive trees grow slowly', name: l.name },
    });
    expect(signUp.status()).toBe(200);
    const product = await productToBuy(page.request, languages.indexOf(l));
    const before = (await (
      await page.request.get(`/api/products/${product.id}/reviews`)
    ).json()) as {
      summary: { count: number };
    };
    await buyAndReceive(page, owner, product);

    await page.goto(`/productdetails/${product.id}?lang=${l.lang}`);
    const reviews = page.getByRole('region', { name: l.heading });
    await reviews.scrollIntoViewIfNeeded();
    await expect(reviews).toBeVisible();

    const form = reviews.getByRole('form');
    // The star is the radio's label, as a person taps it.
    await form.locator('label').filter({ hasText: l.star }).tap();
    await expect(form.getByRole('radio', { name: l.star })).toBeChecked();
    await form.getByLabel(l.titleLabel, { exact: true }).fill(l.title);
    await form.getByLabel(l.bodyLabel, { exact: true }).fill(l.body);
    await form.getByRole('button', { name: l.submit }).click();

    await expect(reviews.getByRole('status').filter({ hasText: l.published })).toBeVisible();
    const mine = reviews.getByRole('listitem').filter({ hasText: l.title });
    await expect(mine).toContainText(l.author);
    await expect(mine).toContainText(l.verified);
    await expect(mine.getByText(l.body.split('\n')[0] ?? '')).toBeVisible();

    const after = (await (
      await page.request.get(`/api/products/${product.id}/reviews`)
    ).json()) as {
      summary: { count: number; distribution: number[] };
    };
    expect(after.summary.count).toBe(before.summary.count + 1);

    // Nothing on the page is wider than the phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await owner.dispose();
  });
}
