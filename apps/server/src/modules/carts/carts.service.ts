import type { MergeLists, MergedLists, ServerCart, ServerWishlist } from '@souq/contracts/carts';
import { ORDER_LINE_MAX_QUANTITY } from '@souq/contracts/orders';
import type { CartsRepository } from './carts.repository';

/**
 * Quantity after a merge: the sum, capped by stock and the per-line maximum, but at least 1 so a
 * product that sold out stays in the cart for the shopper to see flagged and remove.
 */
export function mergedQuantity(total: number, stock: number): number {
  return Math.max(1, Math.min(total, stock, ORDER_LINE_MAX_QUANTITY));
}

export function createCartsService({ repository }: { repository: CartsRepository }) {
  return {
    async getCart(userId: string): Promise<ServerCart> {
      return { items: await repository.readCart(userId) };
    },

    /** Replaces the cart; products that no longer exist are dropped. */
    async putCart(userId: string, lines: { productId: number; quantity: number }[]) {
      return repository.transaction(async (tx) => {
        const stock = await tx.stockOf(lines.map((l) => l.productId));
        await tx.writeCart(
          userId,
          lines.filter((l) => stock.has(l.productId)),
        );
        return { items: await tx.readCart(userId) };
      });
    },

    async getWishlist(userId: string): Promise<ServerWishlist> {
      return { items: await repository.readWishlist(userId) };
    },

    async putWishlist(userId: string, productIds: number[]): Promise<ServerWishlist> {
      return repository.transaction(async (tx) => {
        const stock = await tx.stockOf(productIds);
        await tx.writeWishlist(
          userId,
          productIds.filter((id) => stock.has(id)),
        );
        return { items: await tx.readWishlist(userId) };
      });
    },

    /**
     * The browser's lists join the server's: server lines first, then new ones, each product
     * once. A merge id seen before for this shopper changes nothing (see mergeListsSchema).
     */
    async merge(userId: string, local: MergeLists): Promise<MergedLists> {
      return repository.transaction(async (tx) => {
        await tx.lockSavedLists(userId);
        if (local.mergeId && !(await tx.recordMerge(userId, local.mergeId))) {
          return {
            cart: { items: await tx.readCart(userId) },
            wishlist: { items: await tx.readWishlist(userId) },
          };
        }
        const serverCart = await tx.readCart(userId);
        const totals = new Map<number, number>();
        for (const line of [
          ...serverCart.map((i) => ({ productId: i.id, quantity: i.quantity })),
          ...local.cart,
        ]) {
          totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity);
        }
        const stock = await tx.stockOf([...totals.keys()]);
        const cartLines = [...totals].flatMap(([productId, total]) => {
          const left = stock.get(productId);
          return left === undefined ? [] : [{ productId, quantity: mergedQuantity(total, left) }];
        });
        await tx.writeCart(userId, cartLines);

        const serverWishlist = await tx.readWishlist(userId);
        const wished = [...new Set([...serverWishlist.map((p) => p.id), ...local.wishlist])];
        const existing = await tx.stockOf(wished);
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
