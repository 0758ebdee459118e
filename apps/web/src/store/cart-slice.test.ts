import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cartItemKey,
  cartOrderLines,
  cartSlice,
  clearCart,
  emptyCart,
  refreshCartItem,
  removeFromCart,
  replaceCart,
  resolveCartItem,
  selectCartCount,
  updateQuantity,
  type CartState,
} from './cart-slice';
import { cartAddition, defaultKey, lineVariant, productSummary } from './test-products';

const reduce = (state: CartState, ...actions: Parameters<typeof cartSlice.reducer>[1][]) =>
  actions.reduce(cartSlice.reducer, state);

describe('cart slice', () => {
  it('adds a product with quantity 1 and keeps the id list in step', () => {
    const state = reduce(emptyCart, addToCart(cartAddition(1)), addToCart(cartAddition(2)));
    expect(state.selectedProducts.map((p) => [p.id, p.quantity])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(state.selectedProductsID).toEqual([1, 2]);
  });

  it('raises the quantity when the same variant is added again', () => {
    const state = reduce(
      emptyCart,
      addToCart(cartAddition(1)),
      addToCart(cartAddition(1, { quantity: 2 })),
    );
    expect(state.selectedProducts).toHaveLength(1);
    expect(state.selectedProducts[0]!.quantity).toBe(3);
    expect(state.selectedProductsID).toEqual([1]);
  });

  it('keeps two variants of one product as two rows, the id listed for each', () => {
    const black = lineVariant(11, 'Black', 'M');
    const white = lineVariant(12, 'White', 'M');
    let state = reduce(
      emptyCart,
      addToCart(cartAddition(1, { variant: black, quantity: 2 })),
      addToCart(cartAddition(1, { variant: white })),
      addToCart(cartAddition(2)),
    );
    expect(state.selectedProducts.map((p) => [p.id, p.variant?.id, p.quantity])).toEqual([
      [1, 11, 2],
      [1, 12, 1],
      [2, 20, 1],
    ]);
    expect(state.selectedProductsID).toEqual([1, 1, 2]);

    // Each row has its own quantity, and removing one leaves the other variant in.
    state = reduce(state, updateQuantity({ key: '1:12', quantity: 5 }));
    expect(state.selectedProducts.map((p) => p.quantity)).toEqual([2, 5, 1]);
    state = reduce(state, removeFromCart('1:11'));
    expect(state.selectedProducts.map((p) => p.variant?.id)).toEqual([12, 20]);
    expect(state.selectedProductsID).toEqual([1, 2]);
  });

  it('ignores an addition whose quantity is not a whole number from 1', () => {
    for (const quantity of [0, -1, 1.5, Number.NaN]) {
      expect(reduce(emptyCart, addToCart(cartAddition(1, { quantity })))).toEqual(emptyCart);
    }
  });

  it('sets a quantity, and removes the entry and its id below 1', () => {
    let state = reduce(emptyCart, addToCart(cartAddition(1)), addToCart(cartAddition(2)));
    state = reduce(state, updateQuantity({ key: defaultKey(1), quantity: 5 }));
    expect(state.selectedProducts[0]!.quantity).toBe(5);
    state = reduce(state, updateQuantity({ key: defaultKey(1), quantity: 0 }));
    expect(state.selectedProductsID).toEqual([2]);
    state = reduce(state, updateQuantity({ key: defaultKey(2), quantity: -3 }));
    expect(state).toEqual(emptyCart);
  });

  it('ignores fractional and non-numeric quantities', () => {
    const start = reduce(emptyCart, addToCart(cartAddition(1)));
    for (const quantity of [1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(reduce(start, updateQuantity({ key: defaultKey(1), quantity }))).toEqual(start);
    }
  });

  it('removes one entry, and clear-all empties both lists', () => {
    const full = reduce(emptyCart, addToCart(cartAddition(1)), addToCart(cartAddition(2)));
    expect(reduce(full, removeFromCart(defaultKey(1))).selectedProductsID).toEqual([2]);
    expect(reduce(full, clearCart())).toEqual(emptyCart);
  });

  it('counts the lines', () => {
    const cart = reduce(
      emptyCart,
      addToCart(cartAddition(1, { price: 1999 })),
      addToCart(cartAddition(2, { price: 250 })),
      updateQuantity({ key: defaultKey(2), quantity: 3 }),
    );
    expect(selectCartCount({ cart })).toBe(2);
  });

  it("takes a row's current details and keeps its quantity and variant", () => {
    const cart = reduce(
      emptyCart,
      addToCart(cartAddition(1, { price: 1000 })),
      updateQuantity({ key: defaultKey(1), quantity: 3 }),
      refreshCartItem({ key: defaultKey(1), product: { price: 1200, stock: 2 } }),
      refreshCartItem({ key: defaultKey(9), product: { price: 1 } }),
    );
    expect(cart.selectedProducts).toEqual([
      { ...productSummary(1, { price: 1200, stock: 2 }), variant: lineVariant(10), quantity: 3 },
    ]);
  });

  it('gives a row without a variant the one found for it, joining a row of that variant', () => {
    const chosen = lineVariant(11, 'Black', 'M');
    const old = { ...productSummary(1), quantity: 2, variant: null, colour: 'Black', size: 'M' };
    let cart = reduce(emptyCart, replaceCart([old]));
    expect(cartItemKey(cart.selectedProducts[0]!)).toBe('1:');

    cart = reduce(cart, resolveCartItem({ key: '1:', variant: chosen, stock: 4 }));
    expect(cart.selectedProducts).toEqual([
      { ...productSummary(1), quantity: 2, variant: chosen, stock: 4 },
    ]);

    // The same variant already in the cart: the two rows become one.
    cart = reduce(
      emptyCart,
      addToCart(cartAddition(1, { variant: chosen })),
      addToCart(cartAddition(1, { variant: null, quantity: 3 })),
      resolveCartItem({ key: '1:', variant: chosen, stock: 4 }),
    );
    expect(cart.selectedProducts.map((p) => [p.variant?.id, p.quantity])).toEqual([[11, 4]]);
    expect(cart.selectedProductsID).toEqual([1]);
  });

  it('sends only the rows that name a variant, within the per-line maximum', () => {
    const cart = reduce(
      emptyCart,
      addToCart(cartAddition(1, { quantity: 150 })),
      addToCart(cartAddition(2, { variant: null })),
    );
    expect(cartOrderLines(cart.selectedProducts)).toEqual([
      { productId: 1, variantId: 10, quantity: 99 },
    ]);
  });

  it('replaces the whole cart and its id list at once', () => {
    const cart = reduce(
      emptyCart,
      addToCart(cartAddition(1)),
      replaceCart([{ ...productSummary(4), variant: lineVariant(40), quantity: 2 }]),
    );
    expect(cart.selectedProductsID).toEqual([4]);
    expect(cart.selectedProducts[0]!.quantity).toBe(2);
  });
});
