import { configureStore } from '@reduxjs/toolkit';
import { replaceCart } from './cart-slice';
import { replaceWishlist } from './wish-slice';
import { loadPersistedLists, saveCart, saveWishlist } from './persistence';
import { dynamicMiddleware, rootReducer } from './root-reducer';

export function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage disabled by the browser's settings
  }
}

/**
 * The store, with the cart and wishlist read from `storage`; with `listsLater`, they start empty
 * and `restoreLists` reads them: a page hydrated from the server's HTML must first render as the
 * server did, and the server knows no browser's lists (decision 011).
 */
export function createStore(
  storage: Storage | undefined = browserStorage(),
  { listsLater = false }: { listsLater?: boolean } = {},
) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: listsLater ? undefined : loadPersistedLists(storage),
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

/** Puts the stored cart and wishlist into a store made with `listsLater`. */
export function restoreLists(store: AppStore, storage: Storage | undefined = browserStorage()) {
  const { cart, wish } = loadPersistedLists(storage);
  store.dispatch(replaceCart(cart.selectedProducts));
  store.dispatch(replaceWishlist(wish.wishlistProducts));
}
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
