import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures';
import { hydrationSnapshots, recordHydration } from './hydration';

interface Variant {
  id: number;
  colour: string | null;
  size: string | null;
  stock: number;
}

interface ListedProduct {
  id: number;
  name: string;
  colours: { name: string; translations: { ar?: { name: string } } }[];
  sizes: string[];
  variants: Variant[];
}

const billing = {
  firstName: 'Ada',
  streetAddress: '1 Market Street',
  city: 'Cairo',
  country: 'EG',
  phone: '+20 100 000 0000',
};

/**
 * Products in two colours or more and two sizes or more with every variant in stock, in id
 * order: the first is the one whose sizes these journeys sell out, the second the one they buy.
 */
async function productsWithVariants(request: APIRequestContext) {
  // Best sellers: products that other journeys add (with no sales) never push these out.
  const response = await request.get('/api/products?sort=best_selling&limit=100');
  const { items } = (await response.json()) as { items: ListedProduct[] };
  const found = items
    .filter((p) => p.colours.length >= 2 && p.sizes.length >= 2)
    .filter((p) =>
      // the first colour's first two sizes, which the journeys choose, are in stock
      p.variants
        .filter((v) => v.colour === p.colours[0]!.name && p.sizes.slice(0, 2).includes(v.size!))
        .every((v) => v.stock > 2),
    )
    .sort((a, b) => a.id - b.id);
  expect(
    found.length,
    'two products in several colours and sizes, their first sizes in stock',
  ).toBeGreaterThan(1);
  return found as [ListedProduct, ListedProduct, ...ListedProduct[]];
}

/** Another shopper buys every last one of these variants, through the public API. */
async function buyOut(request: APIRequestContext, product: ListedProduct, variants: Variant[]) {
  let left = variants.map((v) => ({ ...v }));
  while (left.some((v) => v.stock > 0)) {
    const lines = left
      .filter((v) => v.stock > 0)
      .map((v) => ({ productId: product.id, variantId: v.id, quantity: Math.min(v.stock, 99) }));
    const response = await request.post('/api/orders', {
      headers: {
        'idempotency-key': `buy-out-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      },
      data: {
        lines,
        billing: { ...billing, email: uniqueEmail('buyer') },
        paymentMethod: 'cash_on_delivery',
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    left = left.map((v) => {
      const line = lines.find((l) => l.variantId === v.id);
      return line ? { ...v, stock: v.stock - line.quantity } : v;
    });
  }
  // The catalog shows stock that orders moved within its few seconds' cache (decision 002).
  const soldOut = new Set(variants.map((v) => v.id));
  await expect
    .poll(
      async () => {
        const current = (await (await request.get(`/api/products/${product.id}`)).json()) as {
          variants: Variant[];
        };
        return current.variants.filter((v) => soldOut.has(v.id)).every((v) => v.stock === 0);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

async function chooseSize(page: Page, size: string) {
  const radio = page
    .getByRole('group', { name: 'Size:' })
    .getByRole('radio', { name: size, exact: true });
  // A press before the page has become the app is replayed once it has: wait for its result.
  await radio.click({ force: true });
  await expect(radio).toBeChecked();
}

test('a sold-out size is disabled and says so, a sold-out colour is marked, and neither can be added', async ({
  page,
  request,
}) => {
  const [product] = await productsWithVariants(request);
  const [first, second] = product.colours as [
    ListedProduct['colours'][0],
    ListedProduct['colours'][0],
  ];
  const [soldOutSize, inStockSize] = product.sizes as [string, string];
  await buyOut(
    request,
    product,
    product.variants.filter(
      (v) => v.colour === second.name || (v.colour === first.name && v.size === soldOutSize),
    ),
  );

  // The first paint already shows it, and the page keeps that DOM as it becomes the app.
  await recordHydration(page);
  await page.goto(`/productdetails/${product.id}`);
  const { before, after } = await hydrationSnapshots(page);
  expect(before).toContain(`${soldOutSize}, sold out`);
  // Swatches get their colour from the app once it runs (a style attribute would break the CSP).
  expect(after.replace(/ style="background-color: [^"]*"/g, '')).toBe(before);

  const sizes = page.getByRole('group', { name: 'Size:' });
  await expect(sizes.getByRole('radio', { name: `${soldOutSize}, sold out` })).toBeDisabled();
  await expect(sizes.getByText(`Sold out in ${first.name}: ${soldOutSize}`)).toBeVisible();
  await expect(sizes.getByRole('radio', { name: inStockSize, exact: true })).toBeEnabled();

  // The colour sold out in every size says so; with it chosen nothing can be added.
  const colours = page.getByRole('group', { name: 'Colours:' });
  await colours.getByRole('radio', { name: `${second.name}, sold out` }).check({ force: true });
  await expect(page.getByTestId('stock-status')).toHaveText('Out of stock');
  await expect(page.getByTestId('chosen-colour')).toHaveText(`${second.name} · Sold out`);
  await expect(page.getByRole('button', { name: 'Add To Cart' })).toBeDisabled();
  for (const radio of await sizes.getByRole('radio').all()) await expect(radio).toBeDisabled();

  // Back to the colour in stock: a size in stock goes in, as that variant.
  await colours.getByRole('radio', { name: first.name, exact: true }).check({ force: true });
  await chooseSize(page, inStockSize);
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  const stored = await page.evaluate(() => localStorage.getItem('selectedProducts'));
  expect(JSON.parse(stored ?? '[]')).toMatchObject([
    { id: product.id, variant: { colour: { name: first.name }, size: inStockSize } },
  ]);
});

test('two variants of one product are two cart rows with their own quantities, and the order shows both', async ({
  page,
  request,
}) => {
  const [, product] = await productsWithVariants(request);
  const colour = product.colours[0]!;
  const [small, large] = product.sizes as [string, string];
  await page.goto(`/productdetails/${product.id}`);
  await chooseSize(page, small);
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await chooseSize(page, large);
  await page.getByRole('button', { name: `One more ${product.name}` }).click();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  await page.goto('/cart');
  const rows = page.getByTestId('cart-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByTestId('line-variant')).toHaveText(
    `Colour: ${colour.name} Size: ${small}`,
  );
  await expect(rows.nth(1).getByTestId('line-variant')).toHaveText(
    `Colour: ${colour.name} Size: ${large}`,
  );
  const smallName = `${product.name} (${colour.name} · ${small})`;
  const largeName = `${product.name} (${colour.name} · ${large})`;
  await expect(page.getByRole('spinbutton', { name: `Quantity of ${largeName}` })).toHaveValue('2');
  await page.getByRole('button', { name: `One more ${smallName}` }).click();
  await expect(page.getByRole('spinbutton', { name: `Quantity of ${smallName}` })).toHaveValue('2');
  await expect(page.getByRole('spinbutton', { name: `Quantity of ${largeName}` })).toHaveValue('2');

  // In Arabic the colour reads in Arabic, the page right to left.
  const arabicColour = colour.translations.ar?.name;
  if (arabicColour) {
    await page.goto('/cart?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('cart-row').nth(0).getByTestId('line-variant')).toContainText(
      arabicColour,
    );
    await page.goto('/cart?lang=en');
  }

  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  // The summary names each line's variant.
  await expect(page.getByTestId('line-variant')).toHaveText([
    `Colour: ${colour.name} Size: ${small}`,
    `Colour: ${colour.name} Size: ${large}`,
  ]);
  await page.getByRole('textbox', { name: 'First Name', exact: true }).fill(billing.firstName);
  await page
    .getByRole('textbox', { name: 'Street Address', exact: true })
    .fill(billing.streetAddress);
  await page.getByRole('textbox', { name: 'Town/City', exact: true }).fill(billing.city);
  await page.getByRole('textbox', { name: 'Phone Number', exact: true }).fill(billing.phone);
  await page
    .getByRole('textbox', { name: 'Email Address', exact: true })
    .fill(uniqueEmail('variants'));
  await page.getByLabel('Cash on delivery').check();
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  const lines = page.getByRole('row').filter({ has: page.getByTestId('line-variant') });
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: `Size: ${small}` })).toContainText(`Colour: ${colour.name}`);
  await expect(lines.filter({ hasText: `Size: ${large}` })).toContainText(`Colour: ${colour.name}`);
});
