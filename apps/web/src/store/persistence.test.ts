import { beforeEach, describe, expect, it } from 'vitest';
import { addToCart, clearCart, updateQuantity } from './cart-slice';
import { loadPersistedLists, storageKeys } from './persistence';
import { createStore } from './store';
import { productSummary } from './test-products';
import { setFilterText } from './ui-slice';
import { addToWishlist } from './wish-slice';

const keys = Object.values(storageKeys);

describe('persisted cart and wishlist', () => {
  beforeEach(() => localStorage.clear());

  it('saves all four keys after each change and reads them back in a new store', () => {
    const store = createStore(localStorage);
    store.dispatch(addToCart(productSummary(1)));
    store.dispatch(addToCart(productSummary(2)));
    store.dispatch(updateQuantity({ id: 2, quantity: 4 }));
    store.dispatch(addToWishlist(productSummary(3)));

    expect(JSON.parse(localStorage.getItem('selectedProductsID')!)).toEqual([1, 2]);
    expect(JSON.parse(localStorage.getItem('wishlistProductsID')!)).toEqual([3]);
    const stored = JSON.parse(localStorage.getItem('selectedProducts')!) as { quantity: number }[];
    expect(stored.map((p) => p.quantity)).toEqual([1, 4]);

    const reloaded = createStore(localStorage).getState();
    expect(reloaded.cart).toEqual(store.getState().cart);
    expect(reloaded.wish).toEqual(store.getState().wish);
  });

  it('empties the stored lists on clear-all', () => {
    const store = createStore(localStorage);
    store.dispatch(addToCart(productSummary(1)));
    store.dispatch(clearCart());
    expect(localStorage.getItem('selectedProducts')).toBe('[]');
    expect(localStorage.getItem('selectedProductsID')).toBe('[]');
  });

  it('does not write the lists when only the UI state changes', () => {
    const store = createStore(localStorage);
    store.dispatch(setFilterText('lamp'));
    for (const key of keys) expect(localStorage.getItem(key)).toBeNull();
  });

  it('starts empty when nothing is stored', () => {
    const { cart, wish } = loadPersistedLists(localStorage);
    expect(cart).toEqual({ selectedProducts: [], selectedProductsID: [] });
    expect(wish).toEqual({ wishlistProducts: [], wishlistProductsID: [] });
  });

  it.each([
    ['not JSON', '{oops'],
    ['not a list', '{"id":1}'],
    ['wrong shape', '[{"id":"one","name":5}]'],
    ['null', 'null'],
  ])('starts empty when the stored cart is %s', (_label, raw) => {
    localStorage.setItem('selectedProducts', raw);
    localStorage.setItem('wishlistProducts', raw);
    const { cart, wish } = loadPersistedLists(localStorage);
    expect(cart.selectedProducts).toEqual([]);
    expect(wish.wishlistProducts).toEqual([]);
  });

  it.each([
    ['below 1', 0],
    ['fractional', 1.5],
    ['a string', '2'],
  ])('starts the cart empty when a stored quantity is %s', (_label, quantity) => {
    localStorage.setItem('selectedProducts', JSON.stringify([{ ...productSummary(1), quantity }]));
    expect(loadPersistedLists(localStorage).cart.selectedProducts).toEqual([]);
  });

  it('keeps only the known fields of a stored row', () => {
    const item = { ...productSummary(3), quantity: 2, colour: 'Red', injected: '<b>x</b>' };
    localStorage.setItem('selectedProducts', JSON.stringify([item]));
    const [read] = loadPersistedLists(localStorage).cart.selectedProducts;
    expect(read).toEqual({ ...productSummary(3), quantity: 2, colour: 'Red' });
  });

  it('derives the id lists from the items and drops duplicate rows', () => {
    const item = { ...productSummary(7), quantity: 2 };
    localStorage.setItem('selectedProducts', JSON.stringify([item, { ...item, quantity: 5 }]));
    localStorage.setItem('selectedProductsID', JSON.stringify([99, 100]));
    const { cart } = loadPersistedLists(localStorage);
    expect(cart.selectedProducts).toEqual([item]);
    expect(cart.selectedProductsID).toEqual([7]);
  });

  it('keeps working when storage refuses to read or write', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    } as unknown as Storage;
    const store = createStore(broken);
    store.dispatch(addToCart(productSummary(1)));
    expect(store.getState().cart.selectedProductsID).toEqual([1]);
  });
});
