import type { Colour, ProductSummary } from '@souq/contracts/catalog';
import type { LineVariant } from '@souq/contracts/orders';
import { cartItemKey, type CartItem, type CartState } from './cart-slice';
import type { WishState } from './wish-slice';

/** The seed's local-storage keys; other shops' data and older versions rely on these names. */
export const storageKeys = {
  cartItems: 'selectedProducts',
  cartIds: 'selectedProductsID',
  wishlistItems: 'wishlistProducts',
  wishlistIds: 'wishlistProductsID',
} as const;

/*
 * Stored lists are checked by hand rather than with a schema library: this runs before the first
 * render, and even zod/mini would add 15 KB to the start-up script. The return types tie the
 * checks to ProductSummary and CartItem, so a change to the contract fails type-checking here.
 *
 * The seed's entry is "the product's fields, at least id": what matters is which product (and,
 * for the cart, how many). The display fields are only a snapshot that the cart's quote and the
 * wishlist's product reads refresh, so an entry missing one (saved by an older release, or
 * edited by hand) is kept with a placeholder instead of being dropped; only rows without a
 * usable id (or, in the cart, quantity) are left out.
 */
type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isWhole = (value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
const isString = (value: unknown): value is string => typeof value === 'string';

/**
 * An entry read back without its display fields: its name is empty until the shop's current
 * details replace it (`isSnapshotMissing`), and its price is not one the shopper saw.
 */
const missingSnapshot = {
  slug: '',
  name: '',
  price: 0,
  compareAtPrice: null,
  currency: 'USD',
  stock: 0,
  image: '',
  translations: {},
} as const satisfies Omit<ProductSummary, 'id'>;

/** Whether an entry still waits for the shop's details (see missingSnapshot). */
export const isSnapshotMissing = (item: Pick<ProductSummary, 'name' | 'slug'>) =>
  item.name === '' && item.slug === '';

/** Older copies have no translations; a bad one reads as none (the English name is shown). */
function readNameTranslations(value: unknown): ProductSummary['translations'] {
  if (!isRow(value) || !isRow(value.ar) || !isString(value.ar.name)) return {};
  return { ar: { name: value.ar.name } };
}

function readProductSummary(row: Row): ProductSummary | null {
  const { id, slug, name, price, compareAtPrice, currency, stock, image, translations } = row;
  if (!isWhole(id, 1)) return null;
  const complete =
    isString(slug) &&
    isString(name) &&
    name !== '' &&
    isString(image) &&
    isWhole(price, 0) &&
    isWhole(stock, 0) &&
    (compareAtPrice === null || isWhole(compareAtPrice, 0)) &&
    isString(currency) &&
    currency.length === 3;
  if (!complete) return { id, ...missingSnapshot };
  return {
    id,
    slug,
    name,
    price,
    compareAtPrice,
    currency,
    stock,
    image,
    translations: readNameTranslations(translations),
  };
}

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** A stored variant's colour; anything else than the contract's shape reads as unusable. */
function readColour(value: unknown): Colour | null | undefined {
  if (value === null) return null;
  if (
    !isRow(value) ||
    !isString(value.name) ||
    !isString(value.hex) ||
    !HEX_COLOUR.test(value.hex)
  ) {
    return undefined;
  }
  return {
    name: value.name,
    hex: value.hex,
    translations: readNameTranslations(value.translations),
  };
}

/** A stored variant, or undefined when it is missing or not the contract's shape. */
function readLineVariant(value: unknown): LineVariant | undefined {
  if (!isRow(value) || !isWhole(value.id, 1)) return undefined;
  const colour = readColour(value.colour);
  const { size } = value;
  if (colour === undefined || !(size === null || isString(size))) return undefined;
  return { id: value.id, colour, size };
}

/**
 * A cart row. One without a usable variant (stored before products had variants, or damaged)
 * is kept without one, with the colour and size names it had, so the cart can find its variant
 * once the product's current data arrives or ask the shopper to choose.
 */
function readCartItem(row: Row): CartItem | null {
  const summary = readProductSummary(row);
  const { quantity, colour, size } = row;
  if (!summary || !isWhole(quantity, 1, 10_000)) return null;
  const variant = readLineVariant(row.variant);
  if (variant) return { ...summary, quantity, variant };
  return {
    ...summary,
    quantity,
    variant: null,
    // a name that is not text is forgotten, not the entry
    ...(isString(colour) ? { colour } : {}),
    ...(isString(size) ? { size } : {}),
  };
}

/**
 * Reads a stored list; rows without a usable id are skipped, anything unparseable reads as
 * empty, and an entry (a product, or in the cart a product's variant) appears once.
 */
function readList<T extends { id: number }>(
  storage: Storage | undefined,
  key: string,
  readItem: (row: Row) => T | null,
  keyOf: (item: T) => string | number = (item) => item.id,
): T[] {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    const items: T[] = [];
    const seen = new Set<string | number>();
    for (const row of parsed) {
      const item = isRow(row) ? readItem(row) : null;
      if (!item || seen.has(keyOf(item))) continue;
      seen.add(keyOf(item));
      items.push(item);
    }
    return items;
  } catch {
    return [];
  }
}

export function loadPersistedLists(storage: Storage | undefined): {
  cart: CartState;
  wish: WishState;
} {
  const selectedProducts = readList(storage, storageKeys.cartItems, readCartItem, cartItemKey);
  const wishlistProducts = readList(storage, storageKeys.wishlistItems, readProductSummary);
  // The id lists are derived from the item lists so the two can never disagree.
  return {
    cart: { selectedProducts, selectedProductsID: selectedProducts.map((p) => p.id) },
    wish: { wishlistProducts, wishlistProductsID: wishlistProducts.map((p) => p.id) },
  };
}

function write(storage: Storage | undefined, key: string, value: unknown) {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or blocked storage (private windows): the lists still work for this visit.
  }
}

export function saveCart(storage: Storage | undefined, cart: CartState) {
  write(storage, storageKeys.cartItems, cart.selectedProducts);
  write(storage, storageKeys.cartIds, cart.selectedProductsID);
}

export function saveWishlist(storage: Storage | undefined, wish: WishState) {
  write(storage, storageKeys.wishlistItems, wish.wishlistProducts);
  write(storage, storageKeys.wishlistIds, wish.wishlistProductsID);
}
