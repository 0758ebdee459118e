import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProductSummary } from '@souq/contracts/catalog';

export const CART_START_QUANTITY = 1;

/** The colour and size the shopper chose on the product page, for products that have them. */
export interface CartChoice {
  colour?: string;
  size?: string;
}

export interface CartItem extends ProductSummary, CartChoice {
  quantity: number;
}

/** A product to add, with how many (default 1) and the chosen colour and size. */
export type CartAddition = ProductSummary & CartChoice & { quantity?: number };

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
    /**
     * A product already in the cart gets more instead of a second row; the latest colour and
     * size chosen replace earlier ones. Quantities that are not whole numbers from 1 are ignored.
     */
    addToCart(state, action: PayloadAction<CartAddition>) {
      const { quantity = CART_START_QUANTITY, colour, size, ...product } = action.payload;
      if (!Number.isInteger(quantity) || quantity < 1) return;
      const choice: CartChoice = {};
      if (colour) choice.colour = colour;
      if (size) choice.size = size;
      const existing = state.selectedProducts.find((item) => item.id === product.id);
      if (existing) {
        existing.quantity += quantity;
        Object.assign(existing, choice);
        return;
      }
      state.selectedProducts.push({ ...product, ...choice, quantity });
      state.selectedProductsID.push(product.id);
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
    /** The whole cart at once: the saved cart of a shopper who just signed in, or the stored one. */
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
