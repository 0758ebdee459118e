import { fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuoteLine, QuoteRequest } from '@souq/contracts/orders';
import { productFixture } from '../../test/catalog-fixtures';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { addToCart, replaceCart } from '../../store/cart-slice';
import { createStore } from '../../store/store';
import { productSummary } from '../../store/test-products';
import CartPage from './cart-page';

const black = { name: 'Black', hex: '#111111', translations: { ar: { name: 'أسود' } } };
const tee = productFixture(3, {
  name: 'Tee',
  price: 1500,
  colours: [black],
  sizes: ['S', 'M'],
  variants: [
    { id: 31, colour: 'Black', size: 'S', stock: 2 },
    { id: 32, colour: 'Black', size: 'M', stock: 40 },
  ],
});
const summary = { ...productSummary(3), name: 'Tee', price: 1500 };
const variantS = { id: 31, colour: black, size: 'S' };
const variantM = { id: 32, colour: black, size: 'M' };

/** The shop: the tee's product read, and a quote that prices its variants by their stock. */
function serveShop() {
  return fakeApi(({ path, body }) => {
    if (path === '/api/products/3') return tee;
    if (path !== '/api/orders/quote') return undefined;
    const lines = (body as QuoteRequest).lines.map((line): QuoteLine => {
      const variant = tee.variants.find((v) => v.id === line.variantId);
      if (!variant) {
        return { ...line, variant: null, status: 'unavailable', product: null, lineTotal: 0 };
      }
      return {
        productId: line.productId,
        variant: variant.id === 31 ? variantS : variantM,
        quantity: line.quantity,
        status: line.quantity > variant.stock ? 'short' : 'ok',
        product: { ...summary, stock: variant.stock },
        lineTotal: 1500 * line.quantity,
      };
    });
    const subtotal = lines.reduce((sum, l) => sum + l.lineTotal, 0);
    return {
      currency: 'USD',
      subtotal,
      shipping: 500,
      discount: 0,
      tax: 0,
      shippingTax: 0,
      pricesIncludeTax: true,
      taxLines: [],
      total: subtotal + 500,
      lines,
      coupon: null,
      freeShippingFrom: 14000,
    };
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the cart, by variant', () => {
  it('shows two variants of one product as two rows, each with its colour, size and stock cap', async () => {
    serveShop();
    const store = createStore();
    store.dispatch(addToCart({ ...summary, stock: 2, variant: variantS }));
    store.dispatch(addToCart({ ...summary, stock: 40, variant: variantM, quantity: 3 }));
    renderWithProviders(<CartPage />, { store });

    const rows = screen.getAllByTestId('cart-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('line-variant').textContent).toBe('Colour: Black Size: S');
    expect(within(rows[1]!).getByTestId('line-variant').textContent).toBe('Colour: Black Size: M');

    // The S has 2 in stock: its stepper stops there and says why; the M's goes on.
    const small = screen.getByRole('spinbutton', { name: 'Quantity of Tee (Black · S)' });
    fireEvent.click(screen.getByRole('button', { name: 'One more Tee (Black · S)' }));
    expect(small).toHaveProperty('value', '2');
    expect(screen.getByRole('button', { name: 'One more Tee (Black · S)' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'One more Tee (Black · M)' }));
    expect(store.getState().cart.selectedProducts.map((i) => i.quantity)).toEqual([2, 4]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Tee (Black · S)' }));
    expect(store.getState().cart.selectedProducts.map((i) => i.variant?.id)).toEqual([32]);
  });

  it("puts a short variant's message on its own row", async () => {
    serveShop();
    const store = createStore();
    store.dispatch(addToCart({ ...summary, stock: 40, variant: variantM }));
    store.dispatch(addToCart({ ...summary, stock: 9, variant: variantS, quantity: 5 }));
    renderWithProviders(<CartPage />, { store });
    const rows = screen.getAllByTestId('cart-row');
    expect(await within(rows[1]!).findByText('Only 2 left in stock.')).toBeTruthy();
    expect(within(rows[0]!).queryByText(/left in stock/)).toBeNull();
  });

  it('finds the variant of a row stored before variants by its colour and size', async () => {
    const seen = serveShop();
    const store = createStore();
    store.dispatch(
      replaceCart([{ ...summary, quantity: 2, variant: null, colour: 'Black', size: 'M' }]),
    );
    renderWithProviders(<CartPage />, { store });
    expect(await screen.findByTestId('line-variant')).toBeTruthy();
    expect(store.getState().cart.selectedProducts).toMatchObject([
      { id: 3, quantity: 2, stock: 40, variant: variantM },
    ]);
    expect(store.getState().cart.selectedProducts[0]).not.toHaveProperty('size');
    await screen.findByTestId('order-total');
    const quotes = seen.filter((c) => c.path === '/api/orders/quote');
    expect(quotes.at(-1)!.body).toMatchObject({
      lines: [{ productId: 3, variantId: 32, quantity: 2 }],
    });
  });

  it('keeps a row whose variant cannot be told, asking the shopper to choose', async () => {
    serveShop();
    const store = createStore();
    store.dispatch(replaceCart([{ ...summary, quantity: 1, variant: null, colour: 'Black' }]));
    renderWithProviders(<CartPage />, { store });
    const choose = await screen.findByRole('link', { name: 'Choose its colour and size' });
    expect(choose).toHaveProperty('pathname', '/productdetails/3');
    expect(screen.getByText('One line needs your attention before checkout.')).toBeTruthy();
    // The totals' button and the phone's bar at the bottom (one of them is shown per width).
    const proceed = screen.getAllByRole('button', { name: 'Proceed to checkout' });
    expect(proceed).toHaveLength(2);
    for (const button of proceed) expect(button).toHaveProperty('disabled', true);
    expect(store.getState().cart.selectedProducts).toHaveLength(1);
  });
});

describe('the cart as the shopper changes it', () => {
  it('prices a changed quantity at once, with no button to press, and shows the new total', async () => {
    const seen = serveShop();
    const store = createStore();
    store.dispatch(addToCart({ ...summary, stock: 40, variant: variantM }));
    renderWithProviders(<CartPage />, { store });
    expect(screen.queryByRole('button', { name: 'Update Cart' })).toBeNull();
    await vi.waitFor(() =>
      expect(screen.getAllByTestId('order-total')[0]!.textContent).toBe('$20.00'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'One more Tee (Black · M)' }));
    await vi.waitFor(() =>
      expect(screen.getAllByTestId('order-total')[0]!.textContent).toBe('$35.00'),
    );
    const quotes = seen.filter((c) => c.path === '/api/orders/quote');
    expect(quotes.at(-1)!.body).toMatchObject({ lines: [{ variantId: 32, quantity: 2 }] });
    const row = screen.getByTestId('cart-row');
    expect(within(row).getByText('$30.00')).toBeTruthy();
    expect(store.getState().cart.selectedProducts.map((i) => i.quantity)).toEqual([2]);
  });

  it('offers to try again when the prices could not be checked', async () => {
    let failing = true;
    const seen = fakeApi(({ path }) => {
      if (path !== '/api/orders/quote' || failing) return undefined;
      return {
        currency: 'USD',
        subtotal: 1500,
        shipping: 0,
        discount: 0,
        tax: 0,
        shippingTax: 0,
        pricesIncludeTax: true,
        taxLines: [],
        total: 1500,
        lines: [
          {
            productId: 3,
            variant: variantM,
            quantity: 1,
            status: 'ok',
            product: { ...summary, stock: 40 },
            lineTotal: 1500,
          },
        ],
        coupon: null,
        freeShippingFrom: 14000,
      };
    });
    const store = createStore();
    store.dispatch(addToCart({ ...summary, stock: 40, variant: variantM }));
    renderWithProviders(<CartPage />, { store });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Prices could not be checked.');
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findAllByTestId('order-total');
    expect(seen.filter((c) => c.path === '/api/orders/quote').length).toBeGreaterThan(1);
  });
});
