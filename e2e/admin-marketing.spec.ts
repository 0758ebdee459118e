import type { Browser, BrowserContext, Page } from '@playwright/test';
import fs from 'node:fs';
import {
  adminSections,
  createOwner,
  mailsTo,
  productsForAdmin,
  signUp,
  type Account,
} from './admin-helpers';
import { expect, logIn, test, uniqueEmail } from './fixtures';

/** The owner makes an existing account staff with `role`, as the Staff screen does. */
async function makeStaff(browser: Browser, owner: Account, member: Account, role: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, owner, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const response = await page.request.post('/api/admin/staff', {
    data: { email: member.email, role },
  });
  expect(response.ok()).toBe(true);
  await context.close();
}

/** A new account made staff with `role`, signed in to the back office in a context of its own. */
async function staffPage(
  browser: Browser,
  request: Parameters<typeof signUp>[0],
  role: 'manager' | 'support',
  viewport?: { width: number; height: number },
): Promise<{ page: Page; context: BrowserContext; account: Account }> {
  const owner = createOwner();
  const account = await signUp(request, role === 'manager' ? 'Mona' : 'Sara');
  await makeStaff(browser, owner, account, role);
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await logIn(page, account, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  return { page, context, account };
}

test('a manager creates a coupon, a shopper uses it; paused, the cart says it is not available', async ({
  browser,
  request,
  page: shopper,
}) => {
  test.slow();
  const [product] = await productsForAdmin(request, 1);
  const { page, context } = await staffPage(browser, request, 'manager');
  const code = `SPRING${Date.now().toString(36).toUpperCase()}`;

  await (await adminSections(page)).getByRole('link', { name: 'Coupons' }).click();
  await page.getByRole('link', { name: 'New coupon' }).click();
  await page.getByLabel('Code').fill(code.toLowerCase());
  await page.getByLabel('Percent off (1–100)').fill('15');
  await page.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Coupon ${code}` })).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();

  // The shopper applies it and checks out with it.
  await shopper.goto(`/productdetails/${product!.id}`);
  await shopper.getByRole('button', { name: 'Add To Cart', exact: true }).click();
  // A press before the page has become the app is replayed once it has: the shop confirms it.
  await expect(
    shopper.getByRole('status').filter({ hasText: 'Added to your cart.' }),
  ).toBeVisible();
  await shopper.goto('/cart');
  await shopper.getByPlaceholder('Coupon Code').fill(code.toLowerCase());
  await shopper.getByRole('button', { name: 'Apply Coupon' }).click();
  await expect(shopper.getByText(`Coupon ${code} applied.`)).toBeVisible();
  await shopper.getByRole('link', { name: 'Proceed to checkout' }).click();
  const email = uniqueEmail('nadia');
  await shopper.locator('#billing-firstName').fill('Nadia');
  await shopper.locator('#billing-streetAddress').fill('4 Mar Mikhael Street');
  await shopper.locator('#billing-city').fill('Beirut');
  await shopper.locator('#billing-phone').fill('+961 3 123 456');
  await shopper.locator('#billing-email').fill(email);
  await shopper.locator('input[value="cash_on_delivery"]').check();
  await shopper.getByRole('button', { name: 'Place Order' }).click();
  const number = (await shopper.getByTestId('order-number').textContent()) ?? '';
  expect(number).toMatch(/^SQ-/);

  // The use shows on the coupon's page, linked to the order.
  await page.reload();
  await expect(page.getByRole('link', { name: number })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(page.getByText('Paused', { exact: true })).toBeVisible();

  await shopper.goto(`/productdetails/${product!.id}`);
  await shopper.getByRole('button', { name: 'Add To Cart', exact: true }).click();
  // A press before the page has become the app is replayed once it has: the shop confirms it.
  await expect(
    shopper.getByRole('status').filter({ hasText: 'Added to your cart.' }),
  ).toBeVisible();
  await shopper.goto('/cart');
  await shopper.getByPlaceholder('Coupon Code').fill(code);
  await shopper.getByRole('button', { name: 'Apply Coupon' }).click();
  await expect(shopper.getByText(`Coupon ${code} is not available right now.`)).toBeVisible();
  await context.close();
});

test('a manager schedules a flash sale starting now; the home page shows it with its countdown', async ({
  browser,
  request,
  page: shopper,
}) => {
  test.slow();
  // Two products in no sale yet (the demo's own sale has some).
  const candidates = await productsForAdmin(request, 20);
  const free: { id: number; name: string }[] = [];
  for (const candidate of candidates) {
    const product = (await (await request.get(`/api/products/${candidate.id}`)).json()) as {
      flashSale: unknown;
    };
    if (product.flashSale === null) free.push(candidate);
    if (free.length === 2) break;
  }
  expect(free).toHaveLength(2);
  const { page, context } = await staffPage(browser, request, 'manager');

  await (await adminSections(page)).getByRole('link', { name: 'Flash sales' }).click();
  await page.getByRole('link', { name: 'Schedule a flash sale' }).click();
  const name = `Evening deals ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  // The shop's time zone is UTC; two hours from this minute, so this sale ends before the demo's.
  const utcMinute = (ms: number) => new Date(ms).toISOString().slice(0, 16);
  await page.getByLabel('Starts (UTC)').fill(utcMinute(Date.now() - 60_000));
  await page.getByLabel('Ends (UTC)').fill(utcMinute(Date.now() + 2 * 3_600_000));
  for (const product of free) {
    await page.getByLabel('Find a product in the catalog').fill(product.name);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: `Add ${product.name}` }).click();
  }
  await expect(
    page.getByRole('list', { name: 'Products in the sale' }).getByRole('listitem'),
  ).toHaveCount(2);
  await expect(page.getByRole('timer')).toBeVisible();
  await page.getByRole('button', { name: 'Schedule sale' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Running', { exact: true })).toBeVisible();

  // Within the catalog's cache time the home page has it: reload as a shopper would.
  await expect
    .poll(
      async () => {
        await shopper.goto('/');
        const section = shopper.getByRole('region', { name: 'Flash Sales' });
        return (await section.getByText(free[0]!.name).count()) > 0;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const section = shopper.getByRole('region', { name: 'Flash Sales' });
  await expect(section.getByText(free[1]!.name).first()).toBeVisible();
  await expect(shopper.getByRole('timer')).toBeVisible();
  await expect(shopper.locator('[data-unit="days"]')).toHaveText('00');
  await expect(shopper.locator('[data-unit="hours"]')).toHaveText(/^0[12]$/);
  await context.close();
});

test('support reads a message from the contact form and replies by mail', async ({
  browser,
  request,
  page: visitor,
}) => {
  test.slow();
  const sender = uniqueEmail('hala');
  await visitor.goto('/contact');
  await visitor.getByRole('textbox', { name: /Your Name/ }).fill('Hala Nasser');
  await visitor.getByRole('textbox', { name: /Your Email/ }).fill(sender);
  await visitor.getByRole('textbox', { name: /Your Phone/ }).fill('+971 50 123 4567');
  const text = `Can I change my delivery address? ${Date.now()}`;
  await visitor.getByRole('textbox', { name: 'Your Message' }).fill(text);
  await visitor.getByRole('button', { name: 'Send Message' }).click();
  await expect(visitor.getByRole('main').getByRole('status')).toContainText('Thank you');

  const { page, context } = await staffPage(browser, request, 'support');
  await expect((await adminSections(page)).getByRole('link', { name: /Messages/ })).toContainText(
    /\d/,
  );
  await (await adminSections(page)).getByRole('link', { name: /Messages/ }).click();
  await page
    .getByRole('link', { name: /Hala Nasser/ })
    .first()
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Message from Hala Nasser' }),
  ).toBeVisible();
  await expect(page.getByText(text)).toBeVisible();
  await expect(page.getByText('Read', { exact: true })).toBeVisible();

  await page
    .getByLabel('Your reply')
    .fill('Yes: reply with the new address and we will change it.');
  await page.getByLabel('Language of the mail').selectOption('ar');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText(`Your reply to ${sender} is on its way.`)).toBeVisible();
  await expect(page.getByText('Answered', { exact: true })).toBeVisible();
  await expect
    .poll(() => mailsTo(sender).map((m) => m.subject), { timeout: 30_000 })
    .toEqual(['رد على رسالتك إلى Souq']);
  expect(mailsTo(sender)[0]?.text).toContain('reply with the new address');
  await context.close();
});

test('a manager finds a customer and downloads the newsletter subscribers', async ({
  browser,
  request,
}) => {
  test.slow();
  // The customer signs up on a device of their own; subscribing needs no account.
  const device = await browser.newContext();
  const customer = await signUp(device.request, 'Yasmin');
  await device.close();
  const subscribed = await request.post('/api/newsletter', { data: { email: customer.email } });
  expect(subscribed.ok()).toBe(true);
  const { page, context } = await staffPage(browser, request, 'manager', {
    width: 390,
    height: 844,
  });
  await (await adminSections(page)).getByRole('link', { name: 'Customers' }).click();
  await page.getByLabel('Name or email').fill(customer.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('link', { name: /Yasmin/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Yasmin' })).toBeVisible();
  await expect(page.getByText(/Subscribed since/)).toBeVisible();

  await (await adminSections(page)).getByRole('link', { name: 'Customers' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download newsletter subscribers (CSV)' }).click();
  const file = await (await download).path();
  const csv = fs.readFileSync(file, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('email,subscribed_at');
  expect(csv).toContain(`${customer.email},`);
  await context.close();
});
