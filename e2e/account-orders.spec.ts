import { execFileSync } from 'node:child_process';
import { request as requestContext, type APIRequestContext, type Page } from '@playwright/test';
import { ports, shopDatabaseUrl } from '../playwright.config';
import { expect, test } from './fixtures';
import { mailsTo } from './outbox';

interface ListedProduct {
  id: number;
  name: string;
  stock: number;
  variants: { stock: number }[];
}

let counter = 0;

function newShopper() {
  counter += 1;
  return {
    name: `Nadia ${counter}`,
    email: `nadia-${counter}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: 'olive trees grow slowly',
  };
}

/** Makes an account through the API; with a page's request context its cookies sign it in. */
async function signUp(request: APIRequestContext) {
  const shopper = newShopper();
  const response = await request.post('/api/auth/sign-up/email', { data: shopper });
  expect(response.status()).toBe(200);
  return shopper;
}

async function logIn(page: Page, shopper: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByRole('main').getByLabel('Email', { exact: true }).fill(shopper.email);
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account' })).toBeVisible();
}

/**
 * Products in stock, from the dear end of the catalog so the guest checkout journeys (which
 * take the cheapest) do not change their stock meanwhile, each variant with a few to spare.
 * `skip` keeps journeys apart.
 */
async function productsInStock(request: APIRequestContext, skip: number, count: number) {
  const list = (await (await request.get('/api/products?sort=price_desc&limit=60')).json()) as {
    items: ListedProduct[];
  };
  return list.items
    .filter((p) => p.stock >= 5 && p.stock < 90 && p.variants.every((v) => v.stock >= 3))
    .slice(skip, skip + count);
}

async function addToCart(page: Page, product: ListedProduct) {
  await page.goto(`/productdetails/${product.id}`);
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' })).toBeVisible();
}

/** The stock of the variant the page's cart holds of a product, as the shop counts it now. */
async function variantStockInCart(page: Page, product: ListedProduct) {
  const variantId = await page.evaluate((id) => {
    const rows = JSON.parse(localStorage.getItem('selectedProducts') ?? '[]') as {
      id: number;
      variant: { id: number } | null;
    }[];
    return rows.find((row) => row.id === id)?.variant?.id;
  }, product.id);
  const current = (await (await page.request.get(`/api/products/${product.id}`)).json()) as {
    variants: { id: number; stock: number }[];
  };
  const variant = current.variants.find((v) => v.id === variantId);
  expect(variant, `the cart holds a variant of ${product.name}`).toBeDefined();
  return variant!.stock;
}

async function setQuantity(page: Page, product: ListedProduct, quantity: number) {
  const field = page.getByRole('spinbutton', { name: `Quantity of ${product.name}` });
  await field.fill(String(quantity));
  await expect(field).toHaveValue(String(quantity));
}

const billingField = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function fillBilling(page: Page, street: string) {
  await billingField(page, 'First Name').fill('Nadia');
  await billingField(page, 'Street Address').fill(street);
  await billingField(page, 'Town/City').fill('Beirut');
  await billingField(page, 'Phone Number').fill('+961 1 555 0101');
  await billingField(page, 'Email Address').fill('nadia@example.com');
}

async function placeOrder(page: Page) {
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  return (await page.getByTestId('order-number').textContent()) ?? '';
}

test('a shopper orders, finds the order in My Orders, cancels it and sees it in My Cancellations', async ({
  page,
}) => {
  const [product] = (await productsInStock(page.request, 0, 1)) as [ListedProduct];
  await signUp(page.request);
  await addToCart(page, product);
  await page.goto('/checkout');
  await fillBilling(page, '5 Cedar Road');
  const number = await placeOrder(page);

  // The account page asks for the latest five only, not the whole history.
  const recentOrders = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'GET',
  );
  await page.goto('/account');
  expect(new URL((await recentOrders).url()).searchParams.get('limit')).toBe('5');
  const orders = page.getByRole('region', { name: 'My Orders' });
  const row = orders.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('Pending');
  await row.getByRole('link', { name: number }).click();

  await expect(page).toHaveURL(/\/account\/orders\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Order details' })).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(number);
  const timeline = page.getByTestId('order-timeline').getByRole('listitem');
  await expect(timeline).toHaveCount(1);
  await expect(timeline.first()).toContainText('Order placed');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(timeline).toHaveCount(2);
  await expect(timeline.nth(1)).toContainText('Order cancelled');

  await page.goto('/account');
  await page
    .getByRole('region', { name: 'My Orders' })
    .getByRole('link', { name: 'My Cancellations' })
    .click();
  await expect(page).toHaveURL(/\/account\/cancellations$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Cancellations');
  await expect(page.getByRole('row').filter({ hasText: number })).toContainText('Cancelled');

  // A reload of a signed-in page asks the server again and shows the same list.
  await page.goto('/account/orders');
  await expect(page.getByRole('row').filter({ hasText: number })).toContainText('Cancelled');
});

test('one shopper in two browsers: the carts merge, summed and capped by stock', async ({
  browser,
  request,
}) => {
  const [shared, onlyA, onlyB] = (await productsInStock(request, 1, 3)) as [
    ListedProduct,
    ListedProduct,
    ListedProduct,
  ];
  const shopper = await signUp(request);

  const a = await (await browser.newContext()).newPage();
  await addToCart(a, shared);
  await addToCart(a, onlyA);
  await a.goto('/cart');
  await setQuantity(a, shared, 2);
  await logIn(a, shopper);

  const b = await (await browser.newContext()).newPage();
  await addToCart(b, shared);
  await addToCart(b, onlyB);
  // Stock is held per variant: the cap is the stock of the variant both carts hold.
  const stock = await variantStockInCart(b, shared);
  await b.goto('/cart');
  // 2 from A and stock - 1 from B come to more than the stock: the merge keeps the stock.
  await setQuantity(b, shared, stock - 1);
  await logIn(b, shopper);

  const expectMergedCart = async (page: Page) => {
    await page.goto('/cart');
    const quantity = (p: ListedProduct) =>
      page.getByRole('spinbutton', { name: `Quantity of ${p.name}` });
    await expect(quantity(shared)).toHaveValue(String(stock));
    await expect(quantity(onlyA)).toHaveValue('1');
    await expect(quantity(onlyB)).toHaveValue('1');
    await expect(page.getByRole('spinbutton')).toHaveCount(3);
    await expect(page.getByTestId('cart-count')).toHaveText('3');
  };
  await expectMergedCart(b);
  await a.reload();
  await expectMergedCart(a);

  await a.context().close();
  await b.context().close();
});

test('signed-in checkout saves the address when asked and starts from it next time', async ({
  page,
}) => {
  const [first, second] = (await productsInStock(page.request, 4, 2)) as [
    ListedProduct,
    ListedProduct,
  ];
  await signUp(page.request);
  await addToCart(page, first);
  await page.goto('/checkout');
  await expect(billingField(page, 'Street Address')).toHaveValue('');
  await fillBilling(page, '7 Jasmine Street');
  await page.getByLabel('Save this information for faster check-out next time').check();
  await placeOrder(page);

  await page.goto('/account#addresses');
  const book = page.getByRole('region', { name: 'Address Book' });
  await expect(book.getByRole('listitem')).toHaveCount(1);
  await expect(book.getByRole('listitem')).toContainText('7 Jasmine Street');
  await expect(book.getByRole('listitem')).toContainText('Default');

  await addToCart(page, second);
  await page.goto('/checkout');
  await expect(billingField(page, 'First Name')).toHaveValue('Nadia');
  await expect(billingField(page, 'Street Address')).toHaveValue('7 Jasmine Street');
  await expect(billingField(page, 'Town/City')).toHaveValue('Beirut');
  await expect(billingField(page, 'Email Address')).toHaveValue('nadia@example.com');
  // Saving the same address again does not put a copy in the book.
  await page.getByLabel('Save this information for faster check-out next time').check();
  await placeOrder(page);
  await page.goto('/account#addresses');
  await expect(book.getByText('7 Jasmine Street')).toBeVisible();
  await expect(book.getByRole('listitem')).toHaveCount(1);
});

test('a full address book does not stop the order, and the confirmation says the address was not kept', async ({
  page,
  pageErrors,
}) => {
  const [product] = (await productsInStock(page.request, 6, 1)) as [ListedProduct];
  await signUp(page.request);
  // The book holds at most 20 addresses.
  for (let i = 0; i < 20; i += 1) {
    const response = await page.request.post('/api/account/addresses', {
      data: {
        firstName: 'Nadia',
        streetAddress: `${i + 1} Fig Lane`,
        city: 'Dubai',
        // A country the demo shop delivers to: checkout starts from the default address.
        country: 'AE',
        phone: '+961 1 555 0101',
        email: 'nadia@example.com',
      },
    });
    expect(response.status()).toBe(201);
  }
  await addToCart(page, product);
  await page.goto('/checkout');
  await fillBilling(page, '99 Olive Court');
  await page.getByLabel('Save this information for faster check-out next time').check();
  const number = await placeOrder(page);
  expect(number).toMatch(/^SQ-/);
  await expect(page.getByRole('alert')).toHaveText(
    'This address could not be added to your address book; your order is not affected. Open your address book',
  );
  // The refused save is the one failed request this journey expects.
  expect(pageErrors.filter((e) => !/^409 .*\/api\/account\/addresses$/.test(e))).toEqual([]);
  pageErrors.length = 0;
});

test('signing out empties the cart and wishlist in this browser; signing in brings them back', async ({
  page,
}) => {
  const [product] = (await productsInStock(page.request, 6, 1)) as [ListedProduct];
  const shopper = await signUp(page.request);
  await addToCart(page, product);
  await page.getByRole('button', { name: `Add ${product.name} to wishlist` }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(page.getByTestId('wishlist-count')).toHaveText('1');

  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(banner.getByRole('link', { name: 'Account' })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  await expect(page.getByTestId('wishlist-count')).toHaveCount(0);
  expect(
    await page.evaluate(() =>
      ['selectedProducts', 'selectedProductsID', 'wishlistProducts', 'wishlistProductsID'].map(
        (key) => localStorage.getItem(key),
      ),
    ),
  ).toEqual(['[]', '[]', '[]', '[]']);

  await logIn(page, shopper);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(page.getByTestId('wishlist-count')).toHaveText('1');
});

/** The shop's first owner, made as the README says, signed in through the API. */
async function signedInOwner() {
  const email = `owner-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'the owner keeps the keys';
  execFileSync('npm', ['run', '-s', 'admin:create', '--', '--email', email, '--name', 'Owner'], {
    env: { ...process.env, DATABASE_URL: shopDatabaseUrl(ports.fast) },
    input: `${password}\n`,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const owner = await requestContext.newContext({ baseURL: `http://127.0.0.1:${ports.fast}` });
  const signIn = await owner.post('/api/auth/sign-in/email', { data: { email, password } });
  expect(signIn.status()).toBe(200);
  return owner;
}

/** The subjects of the mails the shop has sent to `to`. */
function mailSubjectsTo(to: string): string[] {
  return mailsTo(to).map((mail) => mail.subject);
}

test('the shop confirms and ships an order; the shopper sees its timeline and tracking number, and the mails', async ({
  page,
}) => {
  const [product] = (await productsInStock(page.request, 5, 1)) as [ListedProduct];
  await signUp(page.request);
  await addToCart(page, product);
  await page.goto('/checkout');
  await fillBilling(page, '9 Olive Lane');
  const email = `nadia-${Date.now()}@example.com`;
  await billingField(page, 'Email Address').fill(email);
  // Cash is collected on delivery, so confirming records no payment yet.
  await page.getByLabel('Cash on delivery').check();
  const number = await placeOrder(page);
  const mine = (await (await page.request.get('/api/orders?limit=1')).json()) as {
    items: { id: number; number: string }[];
  };
  const order = mine.items.find((o) => o.number === number);
  expect(order).toBeDefined();

  const owner = await signedInOwner();
  const carriers = (await (await owner.get('/api/admin/carriers')).json()) as {
    items: { id: number; name: string }[];
  };
  const aramex = carriers.items.find((carrier) => carrier.name === 'Aramex');
  for (const action of [
    { action: 'confirm' },
    { action: 'ship', carrierId: aramex?.id, trackingNumber: 'AX-2026-0042' },
  ]) {
    const res = await owner.post(`/api/admin/orders/${order!.id}/actions`, { data: action });
    expect(res.status()).toBe(200);
  }
  await owner.dispose();

  await page.goto(`/account/orders/${order!.id}`);
  await expect(page.getByText('Shipped', { exact: true }).first()).toBeVisible();
  const timeline = page.getByTestId('order-timeline').getByRole('listitem');
  await expect(timeline).toHaveCount(3);
  await expect(timeline.nth(0)).toContainText('Order placed');
  await expect(timeline.nth(1)).toContainText('Order confirmed');
  await expect(timeline.nth(2)).toContainText('Shipped');
  const shipment = page.getByTestId('order-shipment');
  await expect(shipment).toContainText('Aramex');
  await expect(shipment).toContainText('AX-2026-0042');
  // A shipped order can no longer be cancelled by the shopper.
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  await page.goto(`/account/orders/${order!.id}?lang=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('order-timeline')).toContainText('تم تأكيد الطلب');
  await expect(page.getByTestId('order-shipment')).toContainText('رقم التتبع');
  await expect(page.getByTestId('order-shipment')).toContainText('AX-2026-0042');

  // The order was placed in English, so its mails are English.
  await expect
    .poll(() => mailSubjectsTo(email).sort(), { timeout: 30_000 })
    .toEqual([
      `Your Souq order ${number} has been placed`,
      `Your Souq order ${number} is confirmed`,
      `Your Souq order ${number} is on its way`,
    ]);
});
