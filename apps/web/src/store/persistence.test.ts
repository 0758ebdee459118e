import { beforeEach, describe, expect, it } from 'vitest';
import { addToCart, clearCart, updateQuantity } from './cart-slice';
import { isSnapshotMissing, loadPersistedLists, storageKeys } from './persistence';
import { createStore } from './store';
import { cartAddition, defaultKey, lineVariant, productSummary } from './test-products';
import { searchSubmitted } from './ui-slice';
import { addToWishlist } from './wish-slice';

const keys = Object.values(storageKeys);

describe('persisted cart and wishlist', () => {
  beforeEach(() => localStorage.clear());

  it('saves all four keys after each change and reads them back in a new store', () => {
    const store = createStore(localStorage);
    store.dispatch(addToCart(cartAddition(1)));
    store.dispatch(addToCart(cartAddition(2)));
    store.dispatch(updateQuantity({ key: defaultKey(2), quantity: 4 }));
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
    store.dispatch(addToCart(cartAddition(1)));
    store.dispatch(clearCart());
    expect(localStorage.getItem('selectedProducts')).toBe('[]');
    expect(localStorage.getItem('selectedProductsID')).toBe('[]');
  });

  it('does not write the lists when only the UI state changes', () => {
    const store = createStore(localStorage);
    store.dispatch(searchSubmitted('lamp'));
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
    ['null', 'null'],
  ])('starts empty when the stored cart is %s', (_label, raw) => {
    localStorage.setItem('selectedProducts', raw);
    localStorage.setItem('wishlistProducts', raw);
    const { cart, wish } = loadPersistedLists(localStorage);
    expect(cart.selectedProducts).toEqual([]);
    expect(wish.wishlistProducts).toEqual([]);
  });

  it('skips only the rows without a usable id, keeping the others', () => {
    const good = { ...productSummary(2), variant: lineVariant(20), quantity: 3 };
    const rows = [{ id: 'one', name: 5, quantity: 1 }, { id: 0, quantity: 1 }, null, 7, good];
    localStorage.setItem('selectedProducts', JSON.stringify(rows));
    localStorage.setItem('wishlistProducts', JSON.stringify(rows));
    const { cart, wish } = loadPersistedLists(localStorage);
    expect(cart.selectedProducts).toEqual([good]);
    expect(wish.wishlistProducts).toEqual([productSummary(2)]);
    expect(wish.wishlistProducts[0]).not.toHaveProperty('variant');
  });

  it.each([
    ['below 1', 0],
    ['fractional', 1.5],
    ['a string', '2'],
    ['missing', undefined],
  ])('leaves out a cart row whose quantity is %s', (_label, quantity) => {
    const rows = [
      { ...productSummary(1), quantity },
      { ...productSummary(2), quantity: 1 },
    ];
    localStorage.setItem('selectedProducts', JSON.stringify(rows));
    expect(loadPersistedLists(localStorage).cart.selectedProductsID).toEqual([2]);
  });

  it.each([
    ['only id and quantity', { id: 4, quantity: 2 }],
    ['no image', { ...productSummary(4), image: undefined, quantity: 2 }],
    ['a price that is not a number', { ...productSummary(4), price: '9.99', quantity: 2 }],
  ])('keeps an entry saved with %s, waiting for the shop’s details', (_label, row) => {
    localStorage.setItem('selectedProducts', JSON.stringify([row]));
    localStorage.setItem('wishlistProducts', JSON.stringify([row]));
    const { cart, wish } = loadPersistedLists(localStorage);
    expect(cart.selectedProducts).toHaveLength(1);
    expect(cart.selectedProducts[0]).toMatchObject({ id: 4, quantity: 2 });
    expect(isSnapshotMissing(cart.selectedProducts[0]!)).toBe(true);
    expect(wish.wishlistProductsID).toEqual([4]);
  });

  it('takes a complete entry as it was saved', () => {
    localStorage.setItem(
      'selectedProducts',
      JSON.stringify([{ ...productSummary(5), quantity: 1 }]),
    );
    const [read] = loadPersistedLists(localStorage).cart.selectedProducts;
    expect(isSnapshotMissing(read!)).toBe(false);
  });

  it('keeps only the known fields of a stored row', () => {
    const item = {
      ...productSummary(3),
      quantity: 2,
      variant: { ...lineVariant(30, 'Red', 'M'), stock: 4 },
      injected: '<b>x</b>',
    };
    localStorage.setItem('selectedProducts', JSON.stringify([item]));
    const [read] = loadPersistedLists(localStorage).cart.selectedProducts;
    expect(read).toEqual({
      ...productSummary(3),
      quantity: 2,
      variant: lineVariant(30, 'Red', 'M'),
    });
  });

  it('derives the id lists from the items and drops duplicate rows', () => {
    const item = { ...productSummary(7), variant: lineVariant(70), quantity: 2 };
    localStorage.setItem('selectedProducts', JSON.stringify([item, { ...item, quantity: 5 }]));
    localStorage.setItem('selectedProductsID', JSON.stringify([99, 100]));
    const { cart } = loadPersistedLists(localStorage);
    expect(cart.selectedProducts).toEqual([item]);
    expect(cart.selectedProductsID).toEqual([7]);
  });

  it('reads back two variants of one product as two rows, the id listed for each', () => {
    const store = createStore(localStorage);
    store.dispatch(addToCart(cartAddition(1, { variant: lineVariant(11, 'Black', 'S') })));
    store.dispatch(addToCart(cartAddition(1, { variant: lineVariant(12, 'Black', 'M') })));
    expect(JSON.parse(localStorage.getItem('selectedProductsID')!)).toEqual([1, 1]);
    const { cart } = loadPersistedLists(localStorage);
    expect(cart).toEqual(store.getState().cart);
    expect(cart.selectedProducts.map((p) => p.variant?.size)).toEqual(['S', 'M']);
  });

  it('keeps a row stored before variants with its colour and size, to find its variant', () => {
    const old = { ...productSummary(5), quantity: 2, colour: 'Camel', size: 'M' };
    localStorage.setItem('selectedProducts', JSON.stringify([old]));
    const [read] = loadPersistedLists(localStorage).cart.selectedProducts;
    expect(read).toEqual({ ...old, variant: null });
  });

  it.each([
    ['an id that is not a whole number', { id: 'x', colour: null, size: null }],
    ['a colour without a swatch', { id: 3, colour: { name: 'Red' }, size: null }],
    ['a swatch that is not a colour', { id: 3, colour: { name: 'Red', hex: 'red' }, size: 'M' }],
    ['a size that is not text', { id: 3, colour: null, size: 4 }],
    ['a list', [3]],
  ])('reads a stored variant with %s as none, asking the shopper to choose', (_label, variant) => {
    const row = { ...productSummary(6), quantity: 1, variant, size: 'M' };
    localStorage.setItem('selectedProducts', JSON.stringify([row]));
    const [read] = loadPersistedLists(localStorage).cart.selectedProducts;
    expect(read).toEqual({ ...productSummary(6), quantity: 1, variant: null, size: 'M' });
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
    store.dispatch(addToCart(cartAddition(1)));
    expect(store.getState().cart.selectedProductsID).toEqual([1]);
  });
});
