import { expect, test } from './fixtures';

async function firstInStockProduct(request: import('@playwright/test').APIRequestContext) {
  const list = (await (await request.get('/api/products?sort=best_selling&limit=20')).json()) as {
    items: { id: number; name: string; stock: number }[];
  };
  return list.items.find((p) => p.stock > 0)!;
}

test('cart and wishlist badges follow the lists and survive a reload', async ({
  page,
  request,
}) => {
  const product = await firstInStockProduct(request);
  await page.goto(`/productdetails/${product.id}`);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Cart', exact: true })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);

  // Clothes and shoes need a size before they go in the cart.
  const sizes = page.getByRole('group', { name: 'Size:' });
  if (await sizes.isVisible()) await sizes.getByRole('radio').first().check({ force: true });
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Cart (1)' })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  // The same product again raises its quantity: still one line.
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await page.getByRole('button', { name: `Add ${product.name} to wishlist` }).click();
  await expect(page.getByTestId('wishlist-count')).toHaveText('1');

  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(page.getByTestId('wishlist-count')).toHaveText('1');
  const stored = await page.evaluate(() => ({
    ids: localStorage.getItem('selectedProductsID'),
    wishIds: localStorage.getItem('wishlistProductsID'),
  }));
  expect(stored).toEqual({ ids: `[${product.id}]`, wishIds: `[${product.id}]` });

  await header.getByRole('link', { name: 'Cart (1)' }).click();
  await expect(page.getByRole('spinbutton', { name: `Quantity of ${product.name}` })).toHaveValue(
    '2',
  );
  // Below 1 removes the line, and the badge goes with it.
  await page.getByRole('spinbutton', { name: `Quantity of ${product.name}` }).fill('0');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
});

test('a corrupted stored cart starts empty instead of breaking the shop', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('selectedProducts', '{not json');
    localStorage.setItem('wishlistProducts', '[{"id":"x"}]');
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  await expect(page.getByTestId('wishlist-count')).toHaveCount(0);
});

test('visitors see Sign Up and the account link', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Account' })).toHaveAttribute(
    'href',
    '/account',
  );
  await expect(page.getByRole('banner').getByRole('link', { name: 'Wishlist' })).toHaveAttribute(
    'href',
    '/wishlist',
  );
});

test('the header search encodes the query, & included', async ({ page }) => {
  await page.goto('/');
  const search = page.getByRole('combobox', { name: 'Search products' });
  await search.fill('salt & pepper');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/search\?query=salt%20%26%20pepper$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “salt & pepper”');
  await expect(search).toHaveValue('salt & pepper');
});
