import { configureStore, type Middleware } from '@reduxjs/toolkit';
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
 *
 * `apiMiddleware` is for a store that has RTK Query from the start, as the server's (one a page):
 * it takes the API's middleware itself instead of through the shared dynamic middleware, which
 * keeps what it applied for every store it ever served (a Map keyed by the store), so on the
 * server every page's store stayed in memory (decision 028).
 */
export function createStore(
  storage: Storage | undefined = browserStorage(),
  { listsLater = false, apiMiddleware }: { listsLater?: boolean; apiMiddleware?: Middleware } = {},
) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: listsLater ? undefined : loadPersistedLists(storage),
    middleware: (getDefault) => getDefault().concat(apiMiddleware ?? dynamicMiddleware.middleware),
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
