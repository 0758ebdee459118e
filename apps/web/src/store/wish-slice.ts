import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProductSummary } from '@souq/contracts/catalog';

export interface WishState {
  wishlistProducts: ProductSummary[];
  /** Kept in step with wishlistProducts: the ids, in the same order. */
  wishlistProductsID: number[];
}

export const emptyWishlist: WishState = { wishlistProducts: [], wishlistProductsID: [] };

export const wishSlice = createSlice({
  name: 'wish',
  initialState: emptyWishlist,
  reducers: {
    addToWishlist(state, action: PayloadAction<ProductSummary>) {
      if (state.wishlistProductsID.includes(action.payload.id)) return;
      state.wishlistProducts.push(action.payload);
      state.wishlistProductsID.push(action.payload.id);
    },
    removeFromWishlist(state, action: PayloadAction<number>) {
      state.wishlistProducts = state.wishlistProducts.filter((p) => p.id !== action.payload);
      state.wishlistProductsID = state.wishlistProductsID.filter((id) => id !== action.payload);
    },
    /** The whole wishlist at once: the saved one of a shopper who just signed in, or empty. */
    replaceWishlist(_state, action: PayloadAction<ProductSummary[]>) {
      return {
        wishlistProducts: action.payload,
        wishlistProductsID: action.payload.map((item) => item.id),
      };
    },
  },
});

export const { addToWishlist, removeFromWishlist, replaceWishlist } = wishSlice.actions;

export const selectWishlist = (state: { wish: WishState }) => state.wish.wishlistProducts;
export const selectWishlistCount = (state: { wish: WishState }) =>
  state.wish.wishlistProducts.length;
export const selectWishlistIds = (state: { wish: WishState }) => state.wish.wishlistProductsID;
export const selectIsWished = (id: number) => (state: { wish: WishState }) =>
  state.wish.wishlistProductsID.includes(id);
