import type {
  CartLineInput,
  MergedLists,
  MergeLists,
  ServerCart,
  ServerWishlist,
} from '@souq/contracts/carts';
import type { ProductSummary } from '@souq/contracts/catalog';
import {
  cartItemKey,
  cartOrderLines,
  replaceCart,
  type CartItem,
  type CartState,
} from './cart-slice';
import type { AppStore } from './store';
import { replaceWishlist, type WishState } from './wish-slice';

/** The server's copy of a signed-in shopper's cart and wishlist. */
export interface SavedListsClient {
  merge(lists: MergeLists): Promise<MergedLists>;
  getCart(): Promise<ServerCart>;
  getWishlist(): Promise<ServerWishlist>;
  putCart(items: CartLineInput[]): Promise<void>;
  putWishlist(productIds: number[]): Promise<void>;
}

async function send<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`/api${url}`, {
    method,
    credentials: 'same-origin',
    // A list sent just before the shopper leaves the page still reaches the server.
    keepalive: method !== 'GET',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

export const httpSavedListsClient: SavedListsClient = {
  merge: (lists) => send('POST', '/cart/merge', lists),
  getCart: () => send('GET', '/cart'),
  getWishlist: () => send('GET', '/wishlist'),
  putCart: async (items) => {
    await send('PUT', '/cart', { items });
  },
  putWishlist: async (productIds) => {
    await send('PUT', '/wishlist', { productIds });
  },
};

/**
 * Where this browser's lists stand with a signed-in shopper's saved lists: "1" once the merge's
 * answer arrived, so a reload (which signs the shopper in again) takes the saved lists instead
 * of adding them twice; "pending:<id>" while a merge was sent and no answer seen. A page left in
 * that state may have lost the race with the server (the next page can read the saved lists
 * before the merge is applied), so the next sign-in sends the merge again with the same id,
 * which the server applies once. "unsaved" once merged, while a change made here has been sent
 * but not answered: the next page could read the saved lists before that save is applied, so it
 * sends this browser's lists instead of taking the saved ones.
 */
export const SYNCED_MARKER_KEY = 'souq.savedListsSynced';
const MERGED = '1';
const UNSAVED = 'unsaved';
const PENDING_PREFIX = 'pending:';

/** 32 hex digits; crypto.getRandomValues works on plain http too, unlike randomUUID. */
function newMergeId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

const cartLines = (cart: CartState): CartLineInput[] => cartOrderLines(cart.selectedProducts);

const wishlistIds = (wish: WishState) => wish.wishlistProductsID;

/**
 * The saved list, with what the shopper changed in this browser while it was on its way: an
 * entry added, changed or removed since `before` keeps this browser's version (the store keeps
 * an unchanged entry as the same object), every other entry is the saved one.
 */
function rebase<T>(saved: T[], before: T[], now: T[], keyOf: (entry: T) => string | number): T[] {
  const was = new Map(before.map((entry) => [keyOf(entry), entry]));
  const is = new Map(now.map((entry) => [keyOf(entry), entry]));
  const changedHere = (entry: T) => was.get(keyOf(entry)) !== is.get(keyOf(entry));
  return [...saved.filter((entry) => !changedHere(entry)), ...now.filter(changedHere)];
}

/**
 * Follows the `ui.user` flag. Signing in merges this browser's lists with the saved ones (or,
 * when they were merged before, takes the saved ones); while signed in, each change is saved;
 * signing out empties this browser's lists. A shopper already signed in when it starts counts as
 * signing in then. Start it once the store holds this browser's lists: lists put in afterwards
 * would count as changes made here and replace the saved ones. Returns a function that stops
 * following.
 */
export function syncSavedLists(
  store: AppStore,
  client: SavedListsClient,
  storage: Storage | undefined,
): () => void {
  let signedIn = false;
  let busy = false;
  let { cart, wish } = store.getState();

  const marker = {
    get: (): string | null => {
      try {
        return storage?.getItem(SYNCED_MARKER_KEY) ?? null;
      } catch {
        return null;
      }
    },
    set: (value: string | null) => {
      try {
        if (value) storage?.setItem(SYNCED_MARKER_KEY, value);
        else storage?.removeItem(SYNCED_MARKER_KEY);
      } catch {
        // storage blocked: the next sign-in merges again, which is safe, only less exact
      }
    },
  };

  /** Saves sent and not yet answered; the marker says "unsaved" until they all succeed. */
  let savesOnTheirWay = 0;
  let saveFailed = false;
  function save(send: () => Promise<void>) {
    if (savesOnTheirWay === 0) saveFailed = false;
    savesOnTheirWay += 1;
    marker.set(UNSAVED);
    send()
      .catch(() => {
        saveFailed = true;
      })
      .finally(() => {
        savesOnTheirWay -= 1;
        // A failed save leaves "unsaved", so the next page sends this browser's lists again.
        if (savesOnTheirWay === 0 && !saveFailed && signedIn) marker.set(MERGED);
      });
  }

  async function onSignIn() {
    busy = true;
    const before = marker.get();
    if (before === UNSAVED) {
      // The last page's changes may not have reached the server: this browser's lists are the
      // newest, so they are saved rather than replaced by the saved ones.
      const { cart: here, wish: wishedHere } = store.getState();
      save(() => client.putCart(cartLines(here)));
      save(() => client.putWishlist(wishlistIds(wishedHere)));
      ({ cart, wish } = store.getState());
      busy = false;
      return;
    }
    const mergedBefore = before === MERGED;
    // Named and marked before the merge is sent: a page left while the merge is on its way sends
    // it again under the same id on its next load, and the server adds these lists once.
    const mergeId = before?.startsWith(PENDING_PREFIX)
      ? before.slice(PENDING_PREFIX.length)
      : newMergeId();
    if (!mergedBefore) marker.set(PENDING_PREFIX + mergeId);
    try {
      const sent = store.getState();
      const saved = mergedBefore
        ? { cart: await client.getCart(), wishlist: await client.getWishlist() }
        : await client.merge({
            cart: cartLines(sent.cart),
            wishlist: wishlistIds(sent.wish),
            mergeId,
          });
      marker.set(MERGED);
      // The shopper may have added or removed something meanwhile: that is kept, and saved.
      const now = store.getState();
      const rebased = rebase<CartItem>(
        saved.cart.items,
        sent.cart.selectedProducts,
        now.cart.selectedProducts,
        cartItemKey,
      );
      // Rows without a variant were never sent (cartLines): the saved cart cannot hold them.
      const keys = new Set(rebased.map(cartItemKey));
      const cartItems: CartItem[] = [
        ...rebased,
        ...now.cart.selectedProducts.filter(
          (item) => !item.variant && !keys.has(cartItemKey(item)),
        ),
      ];
      const wishItems: ProductSummary[] = rebase<ProductSummary>(
        saved.wishlist.items,
        sent.wish.wishlistProducts,
        now.wish.wishlistProducts,
        (entry) => entry.id,
      );
      store.dispatch(replaceCart(cartItems));
      store.dispatch(replaceWishlist(wishItems));
      const { cart: merged, wish: mergedWish } = store.getState();
      if (now.cart !== sent.cart) save(() => client.putCart(cartLines(merged)));
      if (now.wish !== sent.wish) save(() => client.putWishlist(wishlistIds(mergedWish)));
    } catch {
      // Offline or signed out meanwhile: the lists stay as they are in this browser, and the
      // next sign-in sends the merge again under the same id (the server may have applied it).
    } finally {
      ({ cart, wish } = store.getState());
      busy = false;
    }
  }

  function onChange() {
    const state = store.getState();
    if (state.ui.user !== signedIn) {
      signedIn = state.ui.user;
      if (signedIn) {
        void onSignIn();
      } else {
        marker.set(null);
        store.dispatch(replaceCart([]));
        store.dispatch(replaceWishlist([]));
        ({ cart, wish } = store.getState());
      }
      return;
    }
    if (!signedIn || busy) return;
    if (state.cart !== cart) {
      const changed = (cart = state.cart);
      save(() => client.putCart(cartLines(changed)));
    }
    if (state.wish !== wish) {
      const changed = (wish = state.wish);
      save(() => client.putWishlist(wishlistIds(changed)));
    }
  }

  const stop = store.subscribe(onChange);
  onChange();
  return stop;
}
