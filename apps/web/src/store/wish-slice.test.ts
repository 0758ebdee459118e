import { describe, expect, it } from 'vitest';
import { productSummary } from './test-products';
import { addToWishlist, emptyWishlist, removeFromWishlist, wishSlice } from './wish-slice';

describe('wish slice', () => {
  it('appends products without duplicates and removes by id', () => {
    let state = [
      addToWishlist(productSummary(1)),
      addToWishlist(productSummary(2)),
      addToWishlist(productSummary(1)),
    ].reduce(wishSlice.reducer, emptyWishlist);
    expect(state.wishlistProductsID).toEqual([1, 2]);
    expect(state.wishlistProducts.map((p) => p.id)).toEqual([1, 2]);
    state = wishSlice.reducer(state, removeFromWishlist(1));
    expect(state.wishlistProductsID).toEqual([2]);
    expect(state.wishlistProducts.map((p) => p.id)).toEqual([2]);
  });
});
