import { expect, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('below md the nav is a slide-in menu that opens, closes and navigates', async ({ page }) => {
  await page.goto('/');
  const open = page.getByRole('button', { name: 'Open menu' });
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(open).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Search products' })).toBeHidden();
  await expect(menu.getByRole('link', { name: 'About' })).not.toBeInViewport();

  await open.click();
  await expect(menu.getByRole('link', { name: 'About' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(menu.getByRole('link', { name: 'About' })).not.toBeInViewport();
  await expect(open).toBeFocused();

  await open.click();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu.getByRole('link', { name: 'About' })).not.toBeInViewport();

  await open.click();
  await menu.getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(menu.getByRole('link', { name: 'About' })).not.toBeInViewport();
});
