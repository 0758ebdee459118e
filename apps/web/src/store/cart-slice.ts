import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProductSummary } from '@souq/contracts/catalog';

export const CART_START_QUANTITY = 1;

export interface CartItem extends ProductSummary {
  quantity: number;
}

export interface CartState {
  selectedProducts: CartItem[];
  /** Kept in step with selectedProducts: the ids, in the same order. */
  selectedProductsID: number[];
}

export const emptyCart: CartState = { selectedProducts: [], selectedProductsID: [] };

export const cartSlice = createSlice({
  name: 'cart',
  initialState: emptyCart,
  reducers: {
    /** A product already in the cart gets one more instead of a second row. */
    addToCart(state, action: PayloadAction<ProductSummary>) {
      const existing = state.selectedProducts.find((item) => item.id === action.payload.id);
      if (existing) {
        existing.quantity += 1;
        return;
      }
      state.selectedProducts.push({ ...action.payload, quantity: CART_START_QUANTITY });
      state.selectedProductsID.push(action.payload.id);
    },
    /** A quantity below 1 removes the entry and its id. Fractions and non-numbers are ignored. */
    updateQuantity(state, action: PayloadAction<{ id: number; quantity: number }>) {
      const { id, quantity } = action.payload;
      if (!Number.isInteger(quantity)) return;
      if (quantity < 1) {
        removeEntry(state, id);
        return;
      }
      const item = state.selectedProducts.find((entry) => entry.id === id);
      if (item) item.quantity = quantity;
    },
    removeFromCart(state, action: PayloadAction<number>) {
      removeEntry(state, action.payload);
    },
    clearCart() {
      return emptyCart;
    },
    /** Takes the shop's current details of a product (price, stock, name), keeping the quantity. */
    refreshCartItem(state, action: PayloadAction<ProductSummary>) {
      const item = state.selectedProducts.find((entry) => entry.id === action.payload.id);
      if (item) Object.assign(item, action.payload);
    },
    /** The whole cart at once: the saved cart of a shopper who just signed in. */
    replaceCart(_state, action: PayloadAction<CartItem[]>) {
      return {
        selectedProducts: action.payload,
        selectedProductsID: action.payload.map((item) => item.id),
      };
    },
  },
});

function removeEntry(state: CartState, id: number) {
  state.selectedProducts = state.selectedProducts.filter((item) => item.id !== id);
  state.selectedProductsID = state.selectedProductsID.filter((entry) => entry !== id);
}

export const {
  addToCart,
  updateQuantity,
  removeFromCart,
  clearCart,
  refreshCartItem,
  replaceCart,
} = cartSlice.actions;

export const selectCartItems = (state: { cart: CartState }) => state.cart.selectedProducts;
export const selectCartCount = (state: { cart: CartState }) => state.cart.selectedProducts.length;
/** Derived, never stored. Minor units; the server recomputes the real total at checkout. */
export const selectCartSubtotal = (state: { cart: CartState }) =>
  state.cart.selectedProducts.reduce((sum, item) => sum + item.price * item.quantity, 0);
