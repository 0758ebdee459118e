import { expect, test } from './fixtures';

test('Move All To Bag puts every wished product in the cart and empties the wishlist', async ({
  page,
  request,
}) => {
  const list = (await (await request.get('/api/products?sort=price_asc&limit=10')).json()) as {
    items: { id: number; name: string; stock: number }[];
  };
  const [first, second] = list.items.filter((p) => p.stock > 0);
  for (const product of [first!, second!]) {
    await page.goto(`/productdetails/${product.id}`);
    await page.getByRole('button', { name: `Add ${product.name} to wishlist` }).click();
    // As a shopper sees it kept: a press before the page has become the app is replayed then.
    await expect(
      page.getByRole('button', { name: `Remove ${product.name} from wishlist` }),
    ).toBeVisible();
  }
  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { name: 'Wishlist (2)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Just For You' })).toBeVisible();

  await page.getByRole('button', { name: 'Move All To Bag' }).click();
  await expect(page.getByText('2 products moved to your cart.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Wishlist (0)' })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await expect(page.getByTestId('wishlist-count')).toHaveCount(0);
});
