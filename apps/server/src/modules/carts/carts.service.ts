import type {
  CartLineInput,
  MergeLists,
  MergedLists,
  ServerCart,
  ServerWishlist,
} from '@souq/contracts/carts';
import { ORDER_LINE_MAX_QUANTITY } from '@souq/contracts/orders';
import type { CartsQueries, CartsRepository } from './carts.repository';

/**
 * Quantity after a merge: the sum, capped by stock and the per-line maximum, but at least 1 so a
 * product that sold out stays in the cart for the shopper to see flagged and remove.
 */
export function mergedQuantity(total: number, stock: number): number {
  return Math.max(1, Math.min(total, stock, ORDER_LINE_MAX_QUANTITY));
}

/**
 * Each line's variant among the products' live ones: the one named, or the product's only one
 * when none is; lines of an unknown or archived variant are dropped. Lines of one variant add up.
 */
async function resolveLines(tx: CartsQueries, lines: CartLineInput[]) {
  const variants = await tx.liveVariants([...new Set(lines.map((l) => l.productId))]);
  const byProduct = new Map<number, typeof variants>();
  for (const v of variants) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
  const resolved = new Map<
    number,
    { productId: number; variantId: number; quantity: number; stock: number }
  >();
  for (const line of lines) {
    const own = byProduct.get(line.productId) ?? [];
    const variant =
      line.variantId === undefined
        ? own.length === 1
          ? own[0]
          : undefined
        : own.find((v) => v.id === line.variantId);
    if (!variant) continue;
    const existing = resolved.get(variant.id);
    if (existing) existing.quantity += line.quantity;
    else
      resolved.set(variant.id, {
        productId: line.productId,
        variantId: variant.id,
        quantity: line.quantity,
        stock: variant.stock,
      });
  }
  return [...resolved.values()];
}

export function createCartsService({ repository }: { repository: CartsRepository }) {
  return {
    async getCart(userId: string): Promise<ServerCart> {
      return { items: await repository.readCart(userId) };
    },

    /** Replaces the cart; lines of products or variants no longer sold are dropped. */
    async putCart(userId: string, lines: CartLineInput[]): Promise<ServerCart> {
      return repository.transaction(async (tx) => {
        const resolved = await resolveLines(tx, lines);
        await tx.writeCart(
          userId,
          resolved.map((l) => ({
            ...l,
            quantity: Math.min(l.quantity, ORDER_LINE_MAX_QUANTITY),
          })),
        );
        return { items: await tx.readCart(userId) };
      });
    },

    async getWishlist(userId: string): Promise<ServerWishlist> {
      return { items: await repository.readWishlist(userId) };
    },

    async putWishlist(userId: string, productIds: number[]): Promise<ServerWishlist> {
      return repository.transaction(async (tx) => {
        const existing = await tx.existingProducts(productIds);
        await tx.writeWishlist(
          userId,
          productIds.filter((id) => existing.has(id)),
        );
        return { items: await tx.readWishlist(userId) };
      });
    },

    /**
     * The browser's lists join the server's: server lines first, then new ones, each variant
     * once. A merge id seen before for this shopper adds only the variants and wishes the saved
     * lists lack (see mergeListsSchema): its lines were added when it was first applied.
     */
    async merge(userId: string, local: MergeLists): Promise<MergedLists> {
      return repository.transaction(async (tx) => {
        await tx.lockSavedLists(userId);
        const sentBefore =
          local.mergeId !== undefined && !(await tx.recordMerge(userId, local.mergeId));
        const serverCart = await tx.readCart(userId);
        const saved = new Set(serverCart.map((item) => item.variant.id));
        const brought = sentBefore
          ? (await resolveLines(tx, local.cart)).filter((line) => !saved.has(line.variantId))
          : local.cart;
        const lines = await resolveLines(tx, [
          ...serverCart.map((i) => ({
            productId: i.id,
            variantId: i.variant.id,
            quantity: i.quantity,
          })),
          ...brought,
        ]);
        await tx.writeCart(
          userId,
          lines.map((l) => ({ ...l, quantity: mergedQuantity(l.quantity, l.stock) })),
        );

        const serverWishlist = await tx.readWishlist(userId);
        const wished = [...new Set([...serverWishlist.map((p) => p.id), ...local.wishlist])];
        const existing = await tx.existingProducts(wished);
        await tx.writeWishlist(
          userId,
          wished.filter((id) => existing.has(id)),
        );
        return {
          cart: { items: await tx.readCart(userId) },
          wishlist: { items: await tx.readWishlist(userId) },
        };
      });
    },
  };
}

export type CartsService = ReturnType<typeof createCartsService>;
