import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cartSlice,
  clearCart,
  emptyCart,
  refreshCartItem,
  removeFromCart,
  replaceCart,
  selectCartCount,
  updateQuantity,
  type CartState,
} from './cart-slice';
import { productSummary } from './test-products';

const reduce = (state: CartState, ...actions: Parameters<typeof cartSlice.reducer>[1][]) =>
  actions.reduce(cartSlice.reducer, state);

describe('cart slice', () => {
  it('adds a product with quantity 1 and keeps the id list in step', () => {
    const state = reduce(emptyCart, addToCart(productSummary(1)), addToCart(productSummary(2)));
    expect(state.selectedProducts.map((p) => [p.id, p.quantity])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(state.selectedProductsID).toEqual([1, 2]);
  });

  it('raises the quantity when a product already in the cart is added again', () => {
    const state = reduce(emptyCart, addToCart(productSummary(1)), addToCart(productSummary(1)));
    expect(state.selectedProducts).toHaveLength(1);
    expect(state.selectedProducts[0]!.quantity).toBe(2);
    expect(state.selectedProductsID).toEqual([1]);
  });

  it('adds several at once and keeps the chosen colour and size, the latest choice winning', () => {
    let state = reduce(
      emptyCart,
      addToCart({ ...productSummary(1), quantity: 3, colour: 'Black', size: 'M' }),
    );
    expect(state.selectedProducts[0]).toMatchObject({ quantity: 3, colour: 'Black', size: 'M' });
    state = reduce(state, addToCart({ ...productSummary(1), quantity: 2, size: 'L' }));
    expect(state.selectedProducts).toHaveLength(1);
    expect(state.selectedProducts[0]).toMatchObject({ quantity: 5, colour: 'Black', size: 'L' });
  });

  it('ignores an addition whose quantity is not a whole number from 1', () => {
    for (const quantity of [0, -1, 1.5, Number.NaN]) {
      expect(reduce(emptyCart, addToCart({ ...productSummary(1), quantity }))).toEqual(emptyCart);
    }
  });

  it('sets a quantity, and removes the entry and its id below 1', () => {
    let state = reduce(emptyCart, addToCart(productSummary(1)), addToCart(productSummary(2)));
    state = reduce(state, updateQuantity({ id: 1, quantity: 5 }));
    expect(state.selectedProducts[0]!.quantity).toBe(5);
    state = reduce(state, updateQuantity({ id: 1, quantity: 0 }));
    expect(state.selectedProductsID).toEqual([2]);
    state = reduce(state, updateQuantity({ id: 2, quantity: -3 }));
    expect(state).toEqual(emptyCart);
  });

  it('ignores fractional and non-numeric quantities', () => {
    const start = reduce(emptyCart, addToCart(productSummary(1)));
    for (const quantity of [1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(reduce(start, updateQuantity({ id: 1, quantity }))).toEqual(start);
    }
  });

  it('removes one entry, and clear-all empties both lists', () => {
    const full = reduce(emptyCart, addToCart(productSummary(1)), addToCart(productSummary(2)));
    expect(reduce(full, removeFromCart(1)).selectedProductsID).toEqual([2]);
    expect(reduce(full, clearCart())).toEqual(emptyCart);
  });

  it('derives the count of lines', () => {
    const cart = reduce(
      emptyCart,
      addToCart(productSummary(1, { price: 1999 })),
      addToCart(productSummary(2, { price: 250 })),
      updateQuantity({ id: 2, quantity: 3 }),
    );
    expect(selectCartCount({ cart })).toBe(2);
  });

  it("takes a product's current details and keeps its quantity", () => {
    const cart = reduce(
      emptyCart,
      addToCart(productSummary(1, { price: 1000 })),
      updateQuantity({ id: 1, quantity: 3 }),
      refreshCartItem(productSummary(1, { price: 1200, stock: 2 })),
      refreshCartItem(productSummary(9)),
    );
    expect(cart.selectedProducts).toEqual([
      { ...productSummary(1, { price: 1200, stock: 2 }), quantity: 3 },
    ]);
  });

  it('replaces the whole cart and its id list at once', () => {
    const cart = reduce(
      emptyCart,
      addToCart(productSummary(1)),
      replaceCart([{ ...productSummary(4), quantity: 2 }]),
    );
    expect(cart.selectedProductsID).toEqual([4]);
    expect(cart.selectedProducts[0]!.quantity).toBe(2);
  });
});
