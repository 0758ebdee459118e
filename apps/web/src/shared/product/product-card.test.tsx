import type { Product } from '@souq/contracts/catalog';
import { toProductSummary } from '@souq/contracts/catalog-values';
import { act, fireEvent, screen } from '@testing-library/preact';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { productFixture } from '../../test/catalog-fixtures';
import { renderWithProviders } from '../../test/render';
import { addToWishlist } from '../../store/wish-slice';
import { ProductCard, useCardList } from './product-card';

/** A card as a list draws it, with the list's shared part. */
function Card({ product }: { product: Product }) {
  const cards = useCardList();
  return <ProductCard product={product} wished={cards.isWished(product.id)} list={cards.list} />;
}

describe('ProductCard', () => {
  it('shows the price, the struck-through compare-at price, the discount and the rating', () => {
    const product = productFixture(7, {
      name: 'Gamepad Pro',
      price: 12000,
      compareAtPrice: 16000,
      rating: { average: 4, count: 88 },
    });
    renderWithProviders(<Card product={product} />);

    expect(screen.getByRole('link', { name: 'Gamepad Pro' })).toHaveProperty(
      'pathname',
      '/productdetails/7',
    );
    expect(screen.getByRole('img', { name: 'Gamepad Pro' }).getAttribute('width')).toBe('400');
    expect(screen.getByText('$120.00')).toBeTruthy();
    const was = screen.getByText('$160.00');
    expect(was.closest('s')).not.toBeNull();
    expect(screen.getByText('-25%')).toBeTruthy();
    // The five stars are one picture, named by the average; four of them filled.
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' }).dataset.stars).toBe('4');
    expect(screen.getByText('(88)')).toBeTruthy();
  });

  it('shows no discount badge or struck price for a product at its usual price', () => {
    renderWithProviders(<Card product={productFixture(1, { price: 999 })} />);
    expect(screen.getByText('$9.99')).toBeTruthy();
    expect(document.querySelector('s')).toBeNull();
    expect(screen.queryByText(/^-\d+%$/)).toBeNull();
  });

  it('toggles the product on and off the wishlist with the heart', () => {
    const { store } = renderWithProviders(<Card product={productFixture(3)} />);
    const heart = screen.getByRole('button', { name: 'Add Product 3 to wishlist' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(heart);
    expect(store.getState().wish.wishlistProductsID).toEqual([3]);
    const pressed = screen.getByRole('button', { name: 'Remove Product 3 from wishlist' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(pressed);
    expect(store.getState().wish.wishlistProductsID).toEqual([]);
  });

  it('adds the product to the cart and raises cartAdded', () => {
    const { store } = renderWithProviders(<Card product={productFixture(5)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Product 5 to cart' }));
    expect(store.getState().cart.selectedProducts).toMatchObject([{ id: 5, quantity: 1 }]);
    expect(store.getState().ui.cartAdded).toBe(true);
  });

  it('adds the single variant of a product, and sends one in several sizes to its page', () => {
    const { store } = renderWithProviders(<Card product={productFixture(5)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Product 5 to cart' }));
    expect(store.getState().cart.selectedProducts).toMatchObject([
      { id: 5, variant: { id: 500, colour: null, size: null } },
    ]);

    const shirt = productFixture(6, {
      sizes: ['S', 'M'],
      variants: [
        { id: 61, colour: null, size: 'S', stock: 3 },
        { id: 62, colour: null, size: 'M', stock: 0 },
      ],
    });
    renderWithProviders(<Card product={shirt} />);
    expect(screen.getByRole('link', { name: 'Choose options for Product 6' })).toHaveProperty(
      'pathname',
      '/productdetails/6',
    );
    expect(screen.queryByRole('button', { name: 'Add Product 6 to cart' })).toBeNull();
  });

  it('cannot be added to the cart when out of stock', () => {
    const { store } = renderWithProviders(<Card product={productFixture(9, { stock: 0 })} />);
    const button = screen.getByRole('button', { name: 'Out of stock' });
    expect(button).toHaveProperty('disabled', true);
    // A shopper's click: the browser does not activate a disabled button.
    button.click();
    expect(store.getState().cart.selectedProducts).toEqual([]);
    expect(store.getState().ui.cartAdded).toBe(false);
  });

  it('shows the Arabic name when the shopper reads Arabic and the shop translated it', async () => {
    const { i18n } = await import('i18next').then((m) => ({ i18n: m.default }));
    const product = productFixture(4, {
      name: 'Desk Lamp',
      translations: { ar: { name: 'مصباح مكتب', description: 'مصباح.' } },
    });
    await i18n.changeLanguage('ar');
    try {
      renderWithProviders(<Card product={product} />);
      expect(screen.getByRole('link', { name: 'مصباح مكتب' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('opens the product page in the app on a click, and leaves a modified click to the browser', () => {
    renderWithProviders(
      <Routes>
        <Route path="/" element={<Card product={productFixture(8, { name: 'Desk Fan' })} />} />
        <Route path="/productdetails/:id" element={<p>The product page</p>} />
      </Routes>,
    );
    const link = screen.getByRole('link', { name: 'Desk Fan' });
    // Ctrl-click opens a new tab: the browser's, so the app neither stops it nor moves.
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(screen.queryByText('The product page')).toBeNull();

    expect(fireEvent.click(link)).toBe(false);
    expect(screen.getByText('The product page')).toBeTruthy();
  });

  it('presses the heart when the product is put on the wishlist elsewhere', async () => {
    const product = productFixture(12);
    const { store } = renderWithProviders(<Card product={product} />);
    // The list reads the wishlist once and redraws the card whose answer changed.
    await act(() => {
      store.dispatch(addToWishlist(toProductSummary(product)));
    });
    const heart = screen.getByRole('button', { name: 'Remove Product 12 from wishlist' });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
  });
});
