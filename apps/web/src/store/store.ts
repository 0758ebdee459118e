import { configureStore } from '@reduxjs/toolkit';
import { api } from '../lib/api';
import { cartSlice } from './cart-slice';
import { loadPersistedLists, saveCart, saveWishlist } from './persistence';
import { uiSlice } from './ui-slice';
import { wishSlice } from './wish-slice';

export function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage disabled by the browser's settings
  }
}

export function createStore(storage: Storage | undefined = browserStorage()) {
  const store = configureStore({
    reducer: {
      cart: cartSlice.reducer,
      wish: wishSlice.reducer,
      ui: uiSlice.reducer,
      [api.reducerPath]: api.reducer,
    },
    preloadedState: loadPersistedLists(storage),
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });

  // Save each list after every change to it, and only then.
  let { cart, wish } = store.getState();
  store.subscribe(() => {
    const state = store.getState();
    if (state.cart !== cart) saveCart(storage, (cart = state.cart));
    if (state.wish !== wish) saveWishlist(storage, (wish = state.wish));
  });
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
