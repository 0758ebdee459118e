import { beforeEach, describe, expect, it } from 'vitest';
import type { CartLineInput, MergeLists, ServerCart, ServerWishlist } from '@souq/contracts/carts';
import type { ProductSummary } from '@souq/contracts/catalog';
import { addToCart, updateQuantity } from './cart-slice';
import { SYNCED_MARKER_KEY, syncSavedLists, type SavedListsClient } from './saved-lists-sync';
import { createStore, restoreLists } from './store';
import { cartAddition, defaultKey, lineVariant, productSummary } from './test-products';
import { sessionChanged } from './ui-slice';
import { addToWishlist } from './wish-slice';

const variantOf = (line: { product: ProductSummary; variantId?: number }) =>
  line.variantId ?? line.product.id * 10;
const savedLine = (line: CartLineInput) => ({
  product: productSummary(line.productId),
  ...(line.variantId === undefined ? {} : { variantId: line.variantId }),
  quantity: line.quantity,
});

/** An in-memory stand-in for the server's saved lists, with the server's merge rule. */
class SavedLists implements SavedListsClient {
  /** A line's variant is `variantId`, or the product's id × 10 (as cartAddition makes them). */
  cart: { product: ProductSummary; variantId?: number; quantity: number }[] = [];
  wishlist: ProductSummary[] = [];
  calls: string[] = [];
  /** Merge ids applied, as the server keeps them. */
  merged = new Set<string>();

  private cartView(): ServerCart {
    return {
      items: this.cart.map((l) => ({
        ...l.product,
        variant: lineVariant(variantOf(l)),
        quantity: l.quantity,
      })),
    };
  }
  merge(lists: MergeLists) {
    this.calls.push('merge');
    if (lists.mergeId !== undefined && this.merged.has(lists.mergeId)) {
      return Promise.resolve({ cart: this.cartView(), wishlist: { items: this.wishlist } });
    }
    if (lists.mergeId !== undefined) this.merged.add(lists.mergeId);
    for (const line of lists.cart) {
      const existing = this.cart.find(
        (l) => l.product.id === line.productId && variantOf(l) === line.variantId,
      );
      const stock = existing?.product.stock ?? 10;
      if (existing) existing.quantity = Math.min(existing.quantity + line.quantity, stock);
      else this.cart.push(savedLine(line));
    }
    for (const id of lists.wishlist) {
      if (!this.wishlist.some((p) => p.id === id)) this.wishlist.push(productSummary(id));
    }
    return Promise.resolve({ cart: this.cartView(), wishlist: { items: this.wishlist } });
  }
  getCart() {
    this.calls.push('getCart');
    return Promise.resolve(this.cartView());
  }
  getWishlist(): Promise<ServerWishlist> {
    this.calls.push('getWishlist');
    return Promise.resolve({ items: this.wishlist });
  }
  putCart(items: CartLineInput[]) {
    this.calls.push('putCart');
    this.cart = items.map(savedLine);
    return Promise.resolve();
  }
  putWishlist(productIds: number[]) {
    this.calls.push('putWishlist');
    this.wishlist = productIds.map((id) => productSummary(id));
    return Promise.resolve();
  }
}

/** The stand-in's methods, bound so they can be spread into another client. */
function bound(lists: SavedLists): SavedListsClient {
  return {
    merge: (l) => lists.merge(l),
    getCart: () => lists.getCart(),
    getWishlist: () => lists.getWishlist(),
    putCart: (items) => lists.putCart(items),
    putWishlist: (ids) => lists.putWishlist(ids),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const cartOf = (store: ReturnType<typeof createStore>) =>
  store.getState().cart.selectedProducts.map((i) => [i.id, i.quantity]);

describe('saved cart and wishlist following the signed-in flag', () => {
  beforeEach(() => localStorage.clear());

  it('merges on sign-in: quantities added, capped by stock, no duplicates', async () => {
    const saved = new SavedLists();
    saved.cart = [
      { product: productSummary(1, { stock: 5 }), quantity: 3 },
      { product: productSummary(2), quantity: 1 },
    ];
    saved.wishlist = [productSummary(7)];
    const store = createStore(localStorage);
    syncSavedLists(store, saved, localStorage);
    store.dispatch(addToCart(cartAddition(1)));
    store.dispatch(updateQuantity({ key: defaultKey(1), quantity: 4 }));
    store.dispatch(addToCart(cartAddition(3)));
    store.dispatch(addToWishlist(productSummary(7)));
    store.dispatch(addToWishlist(productSummary(8)));
    expect(saved.calls).toEqual([]); // a visitor's lists stay in the browser

    store.dispatch(sessionChanged({ signedIn: true }));
    await settle();
    expect(cartOf(store)).toEqual([
      [1, 5],
      [2, 1],
      [3, 1],
    ]);
    expect(store.getState().wish.wishlistProductsID).toEqual([7, 8]);
    expect(JSON.parse(localStorage.getItem('selectedProductsID')!)).toEqual([1, 2, 3]);
  });

  it('merges per variant, and keeps a row still waiting for its variant in this browser only', async () => {
    const saved = new SavedLists();
    saved.cart = [{ product: productSummary(1), variantId: 11, quantity: 2 }];
    const sent: MergeLists[] = [];
    const store = createStore(localStorage);
    syncSavedLists(
      store,
      { ...bound(saved), merge: (lists) => (sent.push(lists), saved.merge(lists)) },
      localStorage,
    );
    store.dispatch(addToCart(cartAddition(1, { variant: lineVariant(11, 'Black', 'S') })));
    store.dispatch(addToCart(cartAddition(1, { variant: lineVariant(12, 'Black', 'M') })));
    store.dispatch(addToCart(cartAddition(2, { variant: null })));

    store.dispatch(sessionChanged({ signedIn: true }));
    await settle();
    expect(sent[0]!.cart).toEqual([
      { productId: 1, variantId: 11, quantity: 1 },
      { productId: 1, variantId: 12, quantity: 1 },
    ]);
    expect(
      store.getState().cart.selectedProducts.map((i) => [i.id, i.variant?.id ?? null, i.quantity]),
    ).toEqual([
      [1, 11, 3],
      [1, 12, 1],
      [2, null, 1],
    ]);
    expect(store.getState().cart.selectedProductsID).toEqual([1, 1, 2]);
  });

  it('saves each change while signed in, and takes the saved lists after a reload', async () => {
    const saved = new SavedLists();
    const store = createStore(localStorage);
    syncSavedLists(store, saved, localStorage);
    store.dispatch(sessionChanged({ signedIn: true }));
    await settle();
    store.dispatch(addToCart(cartAddition(4)));
    store.dispatch(addToWishlist(productSummary(5)));
    expect(saved.calls).toEqual(['merge', 'putCart', 'putWishlist']);
    expect(saved.cart.map((l) => [l.product.id, l.quantity])).toEqual([[4, 1]]);
    await settle(); // the saves are answered

    // Another browser changed the saved cart meanwhile; this one reloads and signs in again.
    saved.cart[0]!.quantity = 2;
    const reloaded = createStore(localStorage);
    syncSavedLists(reloaded, saved, localStorage);
    reloaded.dispatch(sessionChanged({ signedIn: true }));
    await settle();
    expect(saved.calls.at(-2)).toBe('getCart');
    expect(cartOf(reloaded)).toEqual([[4, 2]]); // not 3: the lists are not merged twice
  });

  it('sends this browser’s change again when the page was left before its save was answered', async () => {
    const saved = new SavedLists();
    const store = createStore(localStorage);
    syncSavedLists(
      store,
      // The save is sent as the shopper leaves; the next page reads before it is applied.
      { ...bound(saved), putCart: () => new Promise<void>(() => {}) },
      localStorage,
    );
    store.dispatch(sessionChanged({ signedIn: true }));
    await settle();
    store.dispatch(addToCart(cartAddition(4)));
    expect(saved.cart).toEqual([]);

    const reloaded = createStore(localStorage);
    syncSavedLists(reloaded, saved, localStorage);
    reloaded.dispatch(sessionChanged({ signedIn: true }));
    await settle();
    expect(cartOf(reloaded)).toEqual([[4, 1]]);
    expect(saved.cart.map((l) => [l.product.id, l.quantity])).toEqual([[4, 1]]);
    expect(localStorage.getItem(SYNCED_MARKER_KEY)).toBe('1');
  });

  it('never merges twice when the page is left while the merge is on its way', async () => {
    const saved = new SavedLists();
    let answerMerge = () => {};
    const slowMerge: SavedListsClient = {
      ...bound(saved),
      // The server applies the merge, but the page is gone before the answer arrives.
      merge: (lists) => {
        void saved.merge(lists);
        return new Promise((resolve) => {
          answerMerge = () => resolve({ cart: { items: [] }, wishlist: { items: [] } });
        });
      },
    };
    const store = createStore(localStorage);
    const stop = syncSavedLists(store, slowMerge, localStorage);
    store.dispatch(addToCart(cartAddition(1)));
    store.dispatch(sessionChanged({ signedIn: true }));
    await settle();
    stop();

    const reloaded = createStore(localStorage);
    syncSavedLists(reloaded, saved, localStorage);
    reloaded.dispatch(sessionChanged({ signedIn: true }));
    await settle();
    // Sent again under the same id: the server had it, and answers the saved lists.
    expect(saved.calls).toEqual(['merge', 'merge']);
    expect(cartOf(reloaded)).toEqual([[1, 1]]);
    answerMerge();
  });

  it('adds the lists once when the next page signs in before the server applied the merge', async () => {
    const saved = new SavedLists();
    let deliverLate = () => {};
    const leftPage: SavedListsClient = {
      ...bound(saved),
      // The merge is still on its way to the server when the next page loads.
      merge: (lists) => {
        deliverLate = () => void saved.merge(lists);
        return new Promise(() => {});
      },
    };
    const store = createStore(localStorage);
    const stop = syncSavedLists(store, leftPage, localStorage);
    store.dispatch(addToCart(cartAddition(1)));
    store.dispatch(sessionChanged({ signedIn: true }));
    await settle();
    stop();

    const reloaded = createStore(localStorage);
    syncSavedLists(reloaded, saved, localStorage);
    reloaded.dispatch(sessionChanged({ signedIn: true }));
    await settle();
    expect(cartOf(reloaded)).toEqual([[1, 1]]);
    // The first page's merge arrives at last, and adds nothing more.
    deliverLate();
    expect(saved.cart.map((l) => [l.product.id, l.quantity])).toEqual([[1, 1]]);
    expect(localStorage.getItem(SYNCED_MARKER_KEY)).toBe('1');
  });

  it('keeps and saves what the shopper changes while the sign-in merge is on its way', async () => {
    const saved = new SavedLists();
    saved.cart = [{ product: productSummary(2), quantity: 2 }];
    let answerMerge = () => {};
    const slowMerge: SavedListsClient = {
      ...bound(saved),
      merge: (lists) =>
        new Promise((resolve) => {
          answerMerge = () => void saved.merge(lists).then(resolve);
        }),
    };
    const store = createStore(localStorage);
    syncSavedLists(store, slowMerge, localStorage);
    store.dispatch(addToCart(cartAddition(1)));
    store.dispatch(sessionChanged({ signedIn: true }));
    await settle();
    // Added, and one line changed, before the merge's answer arrives.
    store.dispatch(addToCart(cartAddition(3)));
    store.dispatch(updateQuantity({ key: defaultKey(1), quantity: 4 }));
    store.dispatch(addToWishlist(productSummary(9)));
    answerMerge();
    await settle();

    expect(cartOf(store)).toEqual([
      [2, 2],
      [1, 4],
      [3, 1],
    ]);
    expect(store.getState().wish.wishlistProductsID).toEqual([9]);
    expect(saved.cart.map((l) => [l.product.id, l.quantity])).toEqual([
      [2, 2],
      [1, 4],
      [3, 1],
    ]);
    expect(saved.wishlist.map((p) => p.id)).toEqual([9]);
  });

  it('takes the saved lists on a server-rendered page whose session answered before its lists were restored', async () => {
    // This browser merged before; its copy still says 2, another browser's merge made the saved 5.
    const earlier = createStore(localStorage);
    earlier.dispatch(addToCart(cartAddition(1)));
    earlier.dispatch(updateQuantity({ key: defaultKey(1), quantity: 2 }));
    earlier.dispatch(addToCart(cartAddition(2)));
    localStorage.setItem(SYNCED_MARKER_KEY, '1');
    const saved = new SavedLists();
    saved.cart = [
      { product: productSummary(1), quantity: 5 },
      { product: productSummary(2), quantity: 1 },
      { product: productSummary(3), quantity: 1 },
    ];

    // As a hydrated page starts: empty lists, the session answered while it hydrated, then the
    // browser's lists restored, and only then followed.
    const reloaded = createStore(localStorage, { listsLater: true });
    reloaded.dispatch(sessionChanged({ signedIn: true }));
    restoreLists(reloaded, localStorage);
    syncSavedLists(reloaded, saved, localStorage);
    await settle();
    expect(cartOf(reloaded)).toEqual([
      [1, 5],
      [2, 1],
      [3, 1],
    ]);
    expect(saved.calls).not.toContain('putCart');
    expect(saved.cart.map((l) => l.quantity)).toEqual([5, 1, 1]);
  });

  it('clears the lists in this browser on sign-out, storage included', async () => {
    const saved = new SavedLists();
    const store = createStore(localStorage);
    syncSavedLists(store, saved, localStorage);
    store.dispatch(sessionChanged({ signedIn: true }));
    await settle();
    store.dispatch(addToCart(cartAddition(1)));
    store.dispatch(addToWishlist(productSummary(2)));
    store.dispatch(sessionChanged({ signedIn: false }));
    expect(store.getState().cart.selectedProducts).toEqual([]);
    expect(store.getState().wish.wishlistProducts).toEqual([]);
    expect(localStorage.getItem('selectedProducts')).toBe('[]');
    expect(localStorage.getItem('wishlistProducts')).toBe('[]');
    expect(localStorage.getItem(SYNCED_MARKER_KEY)).toBeNull();
    // The saved lists keep what the shopper had.
    expect(saved.cart.map((l) => l.product.id)).toEqual([1]);
  });

  it('keeps the browser lists when the server cannot be reached', async () => {
    const offline: SavedListsClient = {
      merge: () => Promise.reject(new Error('offline')),
      getCart: () => Promise.reject(new Error('offline')),
      getWishlist: () => Promise.reject(new Error('offline')),
      putCart: () => Promise.reject(new Error('offline')),
      putWishlist: () => Promise.reject(new Error('offline')),
    };
    const store = createStore(localStorage);
    syncSavedLists(store, offline, localStorage);
    store.dispatch(addToCart(cartAddition(1)));
    store.dispatch(sessionChanged({ signedIn: true }));
    await settle();
    expect(cartOf(store)).toEqual([[1, 1]]);
    // The merge may have reached the server: the next sign-in sends it again under its id.
    expect(localStorage.getItem(SYNCED_MARKER_KEY)).toMatch(/^pending:[0-9a-f]{32}$/);
  });
});
