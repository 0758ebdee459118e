import * as z from 'zod/mini';
import type { ProductSummary } from '@souq/contracts/catalog';
import type { CartItem, CartState } from './cart-slice';
import type { WishState } from './wish-slice';

/** The seed's local-storage keys; other shops' data and older versions rely on these names. */
export const storageKeys = {
  cartItems: 'selectedProducts',
  cartIds: 'selectedProductsID',
  wishlistItems: 'wishlistProducts',
  wishlistIds: 'wishlistProductsID',
} as const;

/*
 * zod/mini rather than the contracts' schemas: this runs before the first render, and the full
 * zod library would double the start-up script. The annotations tie the shape to ProductSummary
 * and CartItem, so a change to the contract fails type-checking here.
 */
const minorUnits = z.number().check(z.int(), z.nonnegative());
const productSummaryShape = {
  id: z.number().check(z.int(), z.positive()),
  slug: z.string(),
  name: z.string(),
  price: minorUnits,
  compareAtPrice: z.nullable(minorUnits),
  currency: z.string().check(z.length(3)),
  stock: z.number().check(z.int(), z.nonnegative()),
  image: z.string(),
};
const wishlistItemsSchema: z.ZodMiniType<ProductSummary[]> = z.array(z.object(productSummaryShape));
const cartItemsSchema: z.ZodMiniType<CartItem[]> = z.array(
  z.object({
    ...productSummaryShape,
    quantity: z.number().check(z.int(), z.minimum(1), z.maximum(10_000)),
    colour: z.optional(z.string()),
    size: z.optional(z.string()),
  }),
);

/** Reads a stored list; anything missing, unparseable or wrongly shaped reads as empty. */
function readList<T>(storage: Storage | undefined, key: string, schema: z.ZodMiniType<T[]>): T[] {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return [];
    const parsed = schema.safeParse(JSON.parse(raw));
    if (!parsed.success) return [];
    // One row per product, whatever an older or hand-edited copy held.
    const seen = new Set<unknown>();
    return parsed.data.filter((item) => {
      const id = (item as { id: number }).id;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
  } catch {
    return [];
  }
}

export function loadPersistedLists(storage: Storage | undefined): {
  cart: CartState;
  wish: WishState;
} {
  const selectedProducts = readList(storage, storageKeys.cartItems, cartItemsSchema);
  const wishlistProducts = readList(storage, storageKeys.wishlistItems, wishlistItemsSchema);
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
