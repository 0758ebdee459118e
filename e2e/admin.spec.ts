import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import {
  adminSections,
  createOwner,
  mailsTo,
  productsForAdmin,
  signUp,
  type Account,
} from './admin-helpers';
import { expect, logIn, settle, test, uniqueEmail } from './fixtures';

/** The back office's one answer a shopper's browser is expected to log: 403 from /api/admin/me. */
const refusedMe = /^403 .*\/api\/admin\/me$/;

async function placeGuestOrder(
  browser: Browser,
  { productId, email, language }: { productId: number; email: string; language: 'en' | 'ar' },
): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/productdetails/${productId}?lang=${language}`);
  await page
    .getByRole('button', { name: language === 'ar' ? 'أضف إلى السلة' : 'Add To Cart', exact: true })
    .click();
  // A press before the page has become the app is replayed then: the cart shows it.
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto('/checkout');
  await page.locator('#billing-firstName').fill(language === 'ar' ? 'ليلى' : 'Rana');
  await page.locator('#billing-streetAddress').fill('4 Mar Mikhael Street');
  await page.locator('#billing-city').fill('Beirut');
  await page.locator('#billing-phone').fill('+961 3 123 456');
  await page.locator('#billing-email').fill(email);
  await page.locator('input[value="cash_on_delivery"]').check();
  await page
    .getByRole('button', { name: language === 'ar' ? 'تأكيد الطلب' : 'Place Order' })
    .click();
  const number = page.getByTestId('order-number');
  await expect(number).toHaveText(/^SQ-[0-9A-Z]{8}$/);
  const text = (await number.textContent()) ?? '';
  await context.close();
  return text;
}

/** Opens the back office's Staff screen as the owner and makes an existing account fulfilment staff. */
async function inviteFulfilment(page: Page, owner: Account, member: Account) {
  await logIn(page, owner, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await (await adminSections(page)).getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Role', { exact: true }).selectOption('fulfilment');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(`${member.email} is now staff as Fulfilment.`);
  await expect(page.getByRole('combobox', { name: `Role of ${member.name}` })).toHaveValue(
    'fulfilment',
  );
}

test('the owner adds a fulfilment member, who confirms, ships and delivers a guest order on a phone', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const [product, arabicProduct] = await productsForAdmin(request, 2);
  const owner = createOwner();
  const member = await signUp(request, 'Sami');
  await inviteFulfilment(page, owner, member);

  const guest = uniqueEmail('rana');
  const number = await placeGuestOrder(browser, {
    productId: product!.id,
    email: guest,
    language: 'en',
  });
  const arabicGuest = uniqueEmail('layla');
  const arabicNumber = await placeGuestOrder(browser, {
    productId: arabicProduct!.id,
    email: arabicGuest,
    language: 'ar',
  });

  // The fulfilment member works on a phone.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const staffPage = await phone.newPage();
  await logIn(staffPage, member, '/admin');
  await expect(staffPage.getByRole('button', { name: 'Menu: Dashboard' })).toBeVisible();
  const sections = await adminSections(staffPage);
  await expect(sections.getByRole('link')).toHaveText(['Dashboard', 'Orders']);
  await sections.getByRole('link', { name: 'Orders' }).click();
  await staffPage.getByRole('searchbox', { name: 'Search' }).fill(number);
  await staffPage.getByRole('button', { name: 'Show orders' }).click();
  await expect(staffPage).toHaveURL(new RegExp(`/admin/orders\\?q=${number}$`));
  await staffPage.getByRole('link', { name: new RegExp(number) }).click();
  await expect(staffPage.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();

  const outcome = staffPage.getByRole('status').filter({ hasText: /^The order is/ });
  await staffPage.getByRole('button', { name: 'Confirm order' }).click();
  await expect(outcome).toHaveText('The order is confirmed.');
  await staffPage.getByRole('button', { name: 'Ship…' }).click();
  await staffPage.getByLabel('Carrier').selectOption({ label: 'Egypt Post' });
  await staffPage.getByLabel('Tracking number').fill('AX 7781-2044');
  await staffPage.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(outcome).toHaveText('The order is marked as shipped.');
  await expect(staffPage.getByTestId('tracking-number')).toHaveText('AX 7781-2044');
  await staffPage.getByRole('button', { name: 'Delivered: cash collected' }).click();
  await expect(outcome).toHaveText('The order is marked as delivered.');
  await expect(staffPage.getByText('Nothing more to do with this order.')).toBeVisible();
  // Every action button was reachable without scrolling sideways.
  expect(
    await staffPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
  ).toBe(true);
  await phone.close();

  // The shopper follows the order with its number and email.
  await page.goto('/orders/lookup');
  await page.getByLabel('Order number').fill(number);
  await page.getByLabel('Email address used for the order').fill(guest);
  await page.getByRole('button', { name: 'Find order' }).click();
  await expect(page.getByTestId('order-number')).toHaveText(number);
  await expect(page.getByText('AX 7781-2044')).toBeVisible();
  await expect(page.getByText('Delivered').first()).toBeVisible();
  // The parcel's tracking page at the carrier chosen when shipping.
  await expect(
    page.getByRole('link', { name: 'Track the parcel on Egypt Post’s site' }),
  ).toHaveAttribute(
    'href',
    'https://egyptpost.gov.eg/en-us/TrackTrace/GetShipmentDetails?barcode=AX%207781-2044',
  );

  // Each order's mails are in the language it was placed in.
  await expect
    .poll(() => mailsTo(guest).map((mail) => mail.subject).length, { timeout: 60_000 })
    .toBeGreaterThanOrEqual(4);
  for (const mail of mailsTo(guest)) expect(mail.text).not.toMatch(/[\u0600-\u06ff]/);
  await expect.poll(() => mailsTo(arabicGuest).length, { timeout: 60_000 }).toBeGreaterThan(0);
  for (const mail of mailsTo(arabicGuest)) expect(mail.subject).toMatch(/[\u0600-\u06ff]/);
  expect(mailsTo(arabicGuest).some((mail) => mail.text.includes(arabicNumber))).toBe(true);
});

test('a signed-out visitor logs in on the way, and a shopper who is not staff is refused', async ({
  page,
  request,
  pageErrors,
}) => {
  const shopper = await signUp(request, 'Hala');
  await page.goto('/admin/orders?status=pending');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Forders%3Fstatus%3Dpending$/);
  await page.getByRole('main').getByLabel('Email', { exact: true }).fill(shopper.email);
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=pending$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'No access to the back office' }),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Back office sections' })).toHaveCount(0);
  expect(pageErrors.filter((e) => !refusedMe.test(e))).toEqual([]);
  pageErrors.length = 0;
});

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

test('every back-office screen passes axe in English and Arabic', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const [product] = await productsForAdmin(request, 1);
  const number = await placeGuestOrder(browser, {
    productId: product!.id,
    email: uniqueEmail('axe'),
    language: 'en',
  });
  const owner = createOwner();
  await logIn(page, owner, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.goto(`/admin/orders?q=${number}`);
  await page.getByRole('link', { name: number }).click();
  const orderPath = new URL(page.url()).pathname;

  const failures: Record<string, unknown> = {};
  for (const language of ['en', 'ar']) {
    for (const path of ['/admin', '/admin/orders', orderPath, '/admin/staff', '/admin/audit']) {
      await page.goto(`${path}?lang=${language}`);
      await settle(page);
      const violations = await seriousViolations(page);
      if (violations.length) failures[`${language} ${path}`] = violations;
    }
  }
  expect(failures).toEqual({});
});
