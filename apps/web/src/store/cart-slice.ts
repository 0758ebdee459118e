import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProductSummary } from '@souq/contracts/catalog';
import { ORDER_LINE_MAX_QUANTITY } from '@souq/contracts/order-values';
import type { LineVariant } from '@souq/contracts/orders';

export const CART_START_QUANTITY = 1;

/**
 * One row of the cart: a product's summary, the variant chosen and how many. `stock` is the
 * variant's stock. `variant` is null while the shopper still has to choose one: an entry stored
 * before products had variants (it keeps the colour and size names it was saved with, to find its
 * variant when the product's current data arrives) or a product moved from the wishlist.
 */
export interface CartItem extends ProductSummary {
  quantity: number;
  variant: LineVariant | null;
  /** The colour and size names of an entry stored before variants; gone once it has a variant. */
  colour?: string;
  size?: string;
}

/** A product to add, with its variant (null: the shopper chooses in the cart) and how many (default 1). */
export type CartAddition = ProductSummary & { variant: LineVariant | null; quantity?: number };

/**
 * The seed's shape: `selectedProducts` holds the rows, `selectedProductsID` the product id of each
 * row, in the same order. Two variants of one product are two rows, so an id may appear twice.
 */
export interface CartState {
  selectedProducts: CartItem[];
  selectedProductsID: number[];
}

export const emptyCart: CartState = { selectedProducts: [], selectedProductsID: [] };

/**
 * What tells two rows apart: the product and its variant (a row without one has its own key).
 * The same text as the contracts' lineKey, written here because importing that module would put
 * zod into the start-up script.
 */
export const cartItemKey = (item: Pick<CartItem, 'id' | 'variant'>): string =>
  `${item.id}:${item.variant?.id ?? ''}`;

const isWholeFromOne = (quantity: number) => Number.isInteger(quantity) && quantity >= 1;

export const cartSlice = createSlice({
  name: 'cart',
  initialState: emptyCart,
  reducers: {
    /**
     * A variant already in the cart gets more instead of a second row. Quantities that are not
     * whole numbers from 1 are ignored.
     */
    addToCart(state, action: PayloadAction<CartAddition>) {
      const { quantity = CART_START_QUANTITY, ...item } = action.payload;
      if (!isWholeFromOne(quantity)) return;
      const existing = state.selectedProducts.find((e) => cartItemKey(e) === cartItemKey(item));
      if (existing) {
        Object.assign(existing, item, { quantity: existing.quantity + quantity });
        return;
      }
      state.selectedProducts.push({ ...item, quantity });
      syncIds(state);
    },
    /** A quantity below 1 removes the row. Fractions and non-numbers are ignored. */
    updateQuantity(state, action: PayloadAction<{ key: string; quantity: number }>) {
      const { key, quantity } = action.payload;
      if (!Number.isInteger(quantity)) return;
      if (quantity < 1) {
        removeEntry(state, key);
        return;
      }
      const item = state.selectedProducts.find((entry) => cartItemKey(entry) === key);
      if (item) item.quantity = quantity;
    },
    /** Takes a row out by its key (cartItemKey). */
    removeFromCart(state, action: PayloadAction<string>) {
      removeEntry(state, action.payload);
    },
    clearCart() {
      return emptyCart;
    },
    /** Takes the shop's current details of a row's product (price, stock, name), keeping the rest. */
    refreshCartItem(
      state,
      action: PayloadAction<{ key: string; product: Partial<ProductSummary> }>,
    ) {
      const item = state.selectedProducts.find(
        (entry) => cartItemKey(entry) === action.payload.key,
      );
      if (item) Object.assign(item, action.payload.product, { id: item.id });
    },
    /**
     * Gives a row without a variant the one it names (an old entry's colour and size, or the
     * shopper's choice), with that variant's stock. If that variant is already in the cart, the
     * two rows become one.
     */
    resolveCartItem(
      state,
      action: PayloadAction<{ key: string; variant: LineVariant; stock: number }>,
    ) {
      const { key, variant, stock } = action.payload;
      const index = state.selectedProducts.findIndex((entry) => cartItemKey(entry) === key);
      const item = state.selectedProducts[index];
      if (!item || item.variant) return;
      const resolved: CartItem = { ...item, variant, stock };
      delete resolved.colour;
      delete resolved.size;
      const twin = state.selectedProducts.find((e) => cartItemKey(e) === cartItemKey(resolved));
      if (twin) {
        twin.quantity += item.quantity;
        state.selectedProducts.splice(index, 1);
      } else {
        state.selectedProducts[index] = resolved;
      }
      syncIds(state);
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

function syncIds(state: CartState) {
  state.selectedProductsID = state.selectedProducts.map((item) => item.id);
}

function removeEntry(state: CartState, key: string) {
  state.selectedProducts = state.selectedProducts.filter((item) => cartItemKey(item) !== key);
  syncIds(state);
}

export const {
  addToCart,
  updateQuantity,
  removeFromCart,
  clearCart,
  refreshCartItem,
  resolveCartItem,
  replaceCart,
} = cartSlice.actions;

export const selectCartItems = (state: { cart: CartState }) => state.cart.selectedProducts;
export const selectCartCount = (state: { cart: CartState }) => state.cart.selectedProducts.length;

/**
 * The rows as order, quote and saved-cart lines. A row still waiting for the shopper to choose a
 * variant is left out: the server would not know which variant it is.
 */
export function cartOrderLines(items: CartItem[]) {
  return items.flatMap((item) =>
    item.variant
      ? [
          {
            productId: item.id,
            variantId: item.variant.id,
            quantity: Math.min(item.quantity, ORDER_LINE_MAX_QUANTITY),
          },
        ]
      : [],
  );
}
