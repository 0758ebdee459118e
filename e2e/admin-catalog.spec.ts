import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { adminSections, createManager } from './admin-helpers';
import { expect, logIn, settle, test, uniqueEmail } from './fixtures';

const SCREENS = '/work/screens/admin-catalog';
const JOURNEY_SCREENS = '/work/screens/journey';

// The import adds categories, which the reorder journey must not see arrive halfway.
test.describe.configure({ mode: 'serial' });

/** Saves what the page shows for a person to look at (not compared: it is for review). */
async function screenshot(page: Page, name: string, folder = SCREENS) {
  if (!fs.existsSync(path.dirname(folder))) return;
  fs.mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: true });
}

/** A plain picture of one colour, as a camera or an editor would save it. */
function picture(background: string, format: 'png' | 'jpeg') {
  const image = sharp({ create: { width: 1200, height: 1200, channels: 3, background } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

async function openSection(page: Page, name: string) {
  await (await adminSections(page)).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('a manager moves a category up and the storefront lists it first', async ({
  page,
  playwright,
  baseURL,
}) => {
  const manager = await createManager(playwright, baseURL!);
  await logIn(page, manager, '/admin/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  await page.getByRole('button', { name: 'Move Computers up' }).click();
  await expect(page.getByText('Computers is now number 10.')).toBeAttached();

  // The storefront follows within its cache time.
  const shop = await page.context().newPage();
  await expect
    .poll(
      async () => {
        await shop.goto('/');
        return shop
          .getByRole('region', { name: 'Browse By Category' })
          .getByRole('link')
          .first()
          .textContent();
      },
      { timeout: 30_000 },
    )
    .toBe('Computers');
  await shop.close();

  // Put it back for the other journeys.
  await page.getByRole('button', { name: 'Move Computers down' }).click();
  await expect(page.getByText('Computers is now number 11.')).toBeAttached();
});

test('a manager imports a catalog file with upload progress, then a wrong file shows its rows', async ({
  page,
  playwright,
  baseURL,
  pageErrors,
}) => {
  test.slow();
  const manager = await createManager(playwright, baseURL!);
  await logIn(page, manager, '/admin/catalog-file');
  await expect(page.getByRole('heading', { level: 1, name: 'Import / export' })).toBeVisible();

  const stamp = Date.now().toString(36);
  // A dozen products (every journey shares this shop), each with a long description so the file
  // is large enough to watch it upload.
  const description = 'A reading lamp with a linen shade and a brass stem. '.repeat(60).trim();
  const rows = Array.from(
    { length: 12 },
    (_, i) =>
      `import-${stamp}-${i},Imported lamp ${stamp} ${i},"${description}",Lighting ${stamp},${1000 + i},5`,
  );
  const csv = ['slug,name,description,category,price,stock', ...rows].join('\n');

  // A slow line, so the progress bar has time to be seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 16 * 1024,
  });
  await page.getByLabel('Catalog file (.csv or .json)').setInputFiles({
    name: 'lamps.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(page.getByText('Imported: 12 new, 0 updated.')).toBeVisible({ timeout: 60_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  const wrong = ['slug,name,description,category,price', `bad-${stamp},Bad,Bad.,Lighting,12.5`];
  await page.getByLabel('Catalog file (.csv or .json)').setInputFiles({
    name: 'wrong.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(wrong.join('\n')),
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Nothing was imported.');
  await expect(alert).toContainText(
    "Row 1: the price must be a whole number in the currency's smallest unit, like 1250 for $12.50",
  );
  await expect(alert.getByRole('link', { name: 'Download the problems (CSV)' })).toBeVisible();
  // The refused file's answer is the one failure this journey expects.
  expect(pageErrors.filter((e) => !/^400 .*\/api\/admin\/catalog\/import$/.test(e))).toEqual([]);
  pageErrors.length = 0;

  await openSection(page, 'Products');
  await page.getByLabel('Search', { exact: true }).fill(`import-${stamp}-11`);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=import-${stamp}-11`));
  await expect(
    page.getByRole('table').getByRole('link', { name: `Imported lamp ${stamp} 11` }),
  ).toBeVisible();
});

test('the catalog screens in English and Arabic, on a desktop and a phone', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.slow();
  const manager = await createManager(playwright, baseURL!);
  await logIn(page, manager, '/admin/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  for (const [size, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const language of ['en', 'ar'] as const) {
      for (const screen of ['products', 'categories', 'catalog-file']) {
        await page.goto(`/admin/${screen}?lang=${language}`);
        await settle(page);
        await expect(page.locator('html')).toHaveAttribute(
          'dir',
          language === 'ar' ? 'rtl' : 'ltr',
        );
        await screenshot(page, `${screen}-${language}-${size}`);
      }
    }
  }
});

test('a manager adds a product in two colours and three sizes; a shopper buys the last of one; the ledger shows the sale', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.slow();
  const manager = await createManager(playwright, baseURL!);
  await logIn(page, manager, '/admin/products/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();

  const stamp = Date.now().toString(36);
  const name = `Journey Linen Shirt ${stamp}`;
  const colours = ['Navy', 'Sand'] as const;
  const sizes = ['S', 'M', 'L'] as const;
  // The one variant the shopper buys out; the others have more.
  const [lastColour, lastSize] = ['Navy', 'M'] as const;

  await page.getByLabel('Name (English)', { exact: true }).fill(name);
  await page.getByLabel('Description (English)', { exact: true }).fill('Breathable washed linen.');
  await page.getByLabel('Price (USD)', { exact: true }).fill('39.99');
  await page.getByLabel('Upload pictures').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: await picture('#1f2a44', 'png') },
    { name: 'back.jpg', mimeType: 'image/jpeg', buffer: await picture('#c2b280', 'jpeg') },
  ]);
  await expect(page.getByRole('img', { name: 'Picture 2' })).toBeVisible();
  for (const [i, colour] of colours.entries()) {
    await page.getByRole('button', { name: 'Add a colour' }).click();
    await page
      .getByRole('group', { name: `Colour ${i + 1}` })
      .getByLabel('Colour name', { exact: true })
      .fill(colour);
  }
  await page.getByLabel('Sizes, separated by commas').fill(sizes.join(', '));
  for (const colour of colours) {
    for (const size of sizes) {
      const variant = `${colour} / ${size}`;
      await page.getByLabel(`SKU of ${variant}`).fill(`JLS-${stamp}-${colour}-${size}`);
      await page
        .getByLabel(`Initial stock of ${variant}`)
        .fill(colour === lastColour && size === lastSize ? '1' : '5');
    }
  }
  await page.getByLabel('Published: shown in the shop').check();
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const productId = Number(new URL(page.url()).pathname.split('/').at(-1));

  // A shopper, in a browser of their own, finds it once the catalog's cache has let it in.
  const shopper = await browser.newContext();
  const shop = await shopper.newPage();
  await expect(async () => {
    await shop.goto(`/productdetails/${productId}`);
    await expect(shop.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  // Both pictures are served as the shop's resized copies.
  const srcsets = await shop
    .getByRole('main')
    .locator('img[srcset]')
    .evaluateAll((images) => images.map((image) => image.getAttribute('srcset')));
  expect(new Set(srcsets).size).toBe(2);
  for (const srcset of srcsets) expect(srcset).toMatch(/^\/media\/\S+ \d+w(, \/media\/\S+ \d+w)*$/);

  const sizeChoice = shop.getByRole('group', { name: 'Size:' });
  await shop
    .getByRole('group', { name: 'Colours:' })
    .getByRole('radio', { name: lastColour, exact: true })
    .check({ force: true });
  const size = sizeChoice.getByRole('radio', { name: lastSize, exact: true });
  // A press before the page has become the app is replayed once it has: wait for its result.
  await size.click({ force: true });
  await expect(size).toBeChecked();
  await shop.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(shop.getByTestId('cart-count')).toHaveText('1');
  await shop.goto('/cart');
  await shop.getByRole('link', { name: 'Proceed to checkout' }).click();
  await shop.getByRole('textbox', { name: 'First Name', exact: true }).fill('Ada');
  await shop.getByRole('textbox', { name: 'Street Address', exact: true }).fill('1 Market Street');
  await shop.getByRole('textbox', { name: 'Town/City', exact: true }).fill('Cairo');
  await shop.getByRole('textbox', { name: 'Phone Number', exact: true }).fill('+20 100 000 0000');
  await shop
    .getByRole('textbox', { name: 'Email Address', exact: true })
    .fill(uniqueEmail('journey'));
  await shop.getByLabel('Cash on delivery').check();
  await shop.getByRole('button', { name: 'Place Order' }).click();
  await expect(shop.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  const orderNumber = (await shop.getByTestId('order-number').textContent())!.trim();

  // Within the catalog's cache time the shop shows that size sold out in that colour only.
  await expect(async () => {
    await shop.goto(`/productdetails/${productId}`);
    await shop
      .getByRole('group', { name: 'Colours:' })
      .getByRole('radio', { name: lastColour, exact: true })
      .check({ force: true });
    await expect(
      sizeChoice.getByRole('radio', { name: `${lastSize}, sold out`, exact: true }),
    ).toBeDisabled({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  for (const other of sizes.filter((s) => s !== lastSize)) {
    await expect(sizeChoice.getByRole('radio', { name: other, exact: true })).toBeEnabled();
  }
  await shop
    .getByRole('group', { name: 'Colours:' })
    .getByRole('radio', { name: 'Sand', exact: true })
    .check({ force: true });
  await expect(sizeChoice.getByRole('radio', { name: lastSize, exact: true })).toBeEnabled();
  await shopper.close();

  // The manager reads the sale in the product's stock ledger.
  await page.getByRole('link', { name: 'Stock ledger' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Stock ledger: ${name}` }),
  ).toBeVisible();
  const sale = page.getByRole('row').filter({ hasText: orderNumber });
  await expect(sale).toHaveCount(1);
  const cells = sale.getByRole('cell');
  await expect(cells.nth(1)).toContainText(`${lastColour} / ${lastSize}`);
  await expect(cells.nth(2)).toHaveText('-1');
  await expect(cells.nth(3)).toHaveText('0');
  await expect(cells.nth(4)).toHaveText('Sale');
  await expect(cells.nth(5)).toHaveText(orderNumber);

  // For review: the editor with its variants and pictures, and the ledger, in both languages.
  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const language of ['en', 'ar'] as const) {
      for (const [screen, url] of [
        ['product-editor', `/admin/products/${productId}`],
        ['stock-ledger', `/admin/products/${productId}/stock`],
      ] as const) {
        await page.goto(`${url}?lang=${language}`);
        await settle(page);
        await expect(page.locator('html')).toHaveAttribute(
          'dir',
          language === 'ar' ? 'rtl' : 'ltr',
        );
        await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
        await screenshot(page, `${screen}-${language}-${device}`, JOURNEY_SCREENS);
      }
    }
  }
});
