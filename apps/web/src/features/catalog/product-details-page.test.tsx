import { fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import type { Product } from '@souq/contracts/catalog';
import type { ReviewList } from '@souq/contracts/reviews';
import { productFixture } from '../../test/catalog-fixtures';
import { fakeApi } from '../../test/fake-api';
import { stubIntersectionObserver } from '../../test/media';
import { renderWithProviders } from '../../test/render';
import ProductDetailsPage from './product-details-page';

const camel = { name: 'Camel', hex: '#c8a27a', translations: { ar: { name: 'جملي' } } };
const slate = { name: 'Slate', hex: '#2f3e46', translations: {} };

/** Camel in S (4 left), M (sold out), L (2 left); Slate sold out in every size. */
const dress = productFixture(5, {
  name: 'Linen Dress',
  stock: 6,
  colours: [camel, slate],
  sizes: ['S', 'M', 'L'],
  variants: [
    { id: 51, colour: 'Camel', size: 'S', stock: 4 },
    { id: 52, colour: 'Camel', size: 'M', stock: 0 },
    { id: 53, colour: 'Camel', size: 'L', stock: 2 },
    { id: 54, colour: 'Slate', size: 'S', stock: 0 },
    { id: 55, colour: 'Slate', size: 'M', stock: 0 },
    { id: 56, colour: 'Slate', size: 'L', stock: 0 },
  ],
});

const noReviews: ReviewList = {
  summary: { average: 0, count: 0, distribution: [0, 0, 0, 0, 0] },
  items: [],
  page: 1,
  total: 0,
  pageSize: 10,
};

/**
 * The product's own read answers `product`, its reviews (loaded once the section nears the
 * screen) none yet; the related products' list answers empty.
 */
function serveProduct(product: Product) {
  fakeApi(({ path }) => {
    if (path === `/api/products/${product.id}`) return product;
    if (path === `/api/products/${product.id}/reviews`) return noReviews;
    return { items: [], total: 0, page: 1, limit: 8 };
  });
}

function renderPage(product: Product) {
  serveProduct(product);
  return renderWithProviders(
    <Routes>
      <Route path="/productdetails/:id" element={<ProductDetailsPage />} />
    </Routes>,
    { route: `/productdetails/${product.id}` },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the product page's colour and size", () => {
  it('disables a sold-out size and says so, in words and to screen readers', async () => {
    renderPage(dress);
    const sizes = await screen.findByRole('group', { name: 'Size:' });
    expect(within(sizes).getByRole('radio', { name: 'S' })).toHaveProperty('disabled', false);
    const medium = within(sizes).getByRole('radio', { name: 'M, sold out' });
    expect(medium).toHaveProperty('disabled', true);
    expect(within(sizes).getByText('Sold out in Camel: M')).toBeTruthy();
  });

  it('marks a colour sold out in every size, and choosing it disables every size', async () => {
    renderPage(dress);
    const colours = await screen.findByRole('group', { name: /Colours:/ });
    const slateChoice = within(colours).getByRole('radio', { name: 'Slate, sold out' });
    fireEvent.click(slateChoice);
    expect(screen.getByTestId('stock-status').textContent).toBe('Out of stock');
    expect(screen.getByTestId('chosen-colour').textContent).toBe('Slate · Sold out');
    const sizes = screen.getByRole('group', { name: 'Size:' });
    for (const radio of within(sizes).getAllByRole('radio')) {
      expect(radio).toHaveProperty('disabled', true);
    }
    expect(screen.getByRole('button', { name: 'Add To Cart' })).toHaveProperty('disabled', true);
  });

  it("tells the chosen variant's stock and adds that variant, a size first", async () => {
    const { store } = renderPage(dress);
    await screen.findByRole('group', { name: 'Size:' });
    fireEvent.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a size first.');
    expect(store.getState().cart.selectedProducts).toEqual([]);

    fireEvent.click(screen.getByRole('radio', { name: 'L' }));
    expect(screen.getByTestId('stock-status').textContent).toBe('Only 2 left');
    fireEvent.click(screen.getByRole('button', { name: 'One more Linen Dress' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect(store.getState().cart.selectedProducts).toMatchObject([
      { id: 5, stock: 2, quantity: 2, variant: { id: 53, colour: camel, size: 'L' } },
    ]);

    fireEvent.click(screen.getByRole('radio', { name: 'S' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect(store.getState().cart.selectedProductsID).toEqual([5, 5]);
  });

  it('is out of stock as before when every variant is sold out', async () => {
    renderPage({ ...dress, stock: 0, variants: dress.variants.map((v) => ({ ...v, stock: 0 })) });
    expect((await screen.findByTestId('stock-status')).textContent).toBe('Out of stock');
    expect(screen.getByRole('button', { name: 'Add To Cart' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Buy Now' })).toHaveProperty('disabled', true);
  });
});

describe('the product page on a phone', () => {
  it('shows a quick-buy bar with the price once the buttons scroll away, and adds from it', async () => {
    const scrolling = stubIntersectionObserver();
    const { store } = renderPage(dress);
    await screen.findByRole('group', { name: 'Size:' });
    expect(screen.queryByRole('region', { name: 'Quick buy' })).toBeNull();

    // The page watches more than its buy buttons (the reviews section loads as it nears):
    // scroll past until the bar shows, whichever the page started watching first.
    const bar = await vi.waitFor(() => {
      scrolling.scrollPast(true);
      return screen.getByRole('region', { name: 'Quick buy' });
    });
    expect(within(bar).getByText('Linen Dress')).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Add To Cart' }));
    // No size chosen yet: the bar asks for one, as the page's own button does.
    expect(screen.getByRole('alert').textContent).toBe('Choose a size first.');
    fireEvent.click(screen.getByRole('radio', { name: 'S' }));
    fireEvent.click(within(bar).getByRole('button', { name: 'Add To Cart' }));
    expect(store.getState().cart.selectedProducts).toMatchObject([
      { id: 5, quantity: 1, variant: { id: 51, size: 'S' } },
    ]);

    scrolling.scrollPast(false);
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Quick buy' })).toBeNull());
  });

  it('opens a picture full screen, zooms it with the buttons and closes it', async () => {
    renderPage({ ...dress, images: ['/images/a.webp', '/images/b.webp'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Open image 2 of 2 full screen' }));
    const viewer = screen.getByRole('dialog', { name: 'Pictures of Linen Dress', hidden: true });
    expect(within(viewer).getByText('2 of 2')).toBeTruthy();
    const frame = within(viewer).getByTestId('zoom-frame');
    expect(frame.dataset.zoom).toBe('1.00');
    const zoomOut = within(viewer).getByRole('button', { name: 'Zoom out', hidden: true });
    expect(zoomOut).toHaveProperty('disabled', true);
    fireEvent.click(within(viewer).getByRole('button', { name: 'Zoom in', hidden: true }));
    expect(frame.dataset.zoom).toBe('2.00');
    fireEvent.click(zoomOut);
    expect(frame.dataset.zoom).toBe('1.00');
    fireEvent.click(within(viewer).getByRole('button', { name: 'Next picture', hidden: true }));
    expect(within(viewer).getByText('1 of 2')).toBeTruthy();
    fireEvent.click(within(viewer).getByRole('button', { name: 'Close pictures', hidden: true }));
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
  });
});
