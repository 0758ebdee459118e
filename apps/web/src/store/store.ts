import { configureStore } from '@reduxjs/toolkit';
import { loadPersistedLists, saveCart, saveWishlist } from './persistence';
import { dynamicMiddleware, rootReducer } from './root-reducer';

export function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage disabled by the browser's settings
  }
}

export function createStore(storage: Storage | undefined = browserStorage()) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: loadPersistedLists(storage),
    middleware: (getDefault) => getDefault().concat(dynamicMiddleware.middleware),
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
