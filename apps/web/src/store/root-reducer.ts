import { combineSlices, createDynamicMiddleware } from '@reduxjs/toolkit';
import type { api } from '../lib/api';
import { cartSlice } from './cart-slice';
import { uiSlice } from './ui-slice';
import { wishSlice } from './wish-slice';

/**
 * The slices every page needs, plus room for RTK Query's cache, which joins when the first page
 * that fetches data loads (lib/api.ts). Keeping RTK Query out of the start-up script is what keeps
 * it small; see docs/decisions/004-catalog-pages-and-page-weight.md.
 */
export const rootReducer = combineSlices(cartSlice, wishSlice, uiSlice).withLazyLoadedSlices<{
  [api.reducerPath]: ReturnType<typeof api.reducer>;
}>();

export const dynamicMiddleware = createDynamicMiddleware();
