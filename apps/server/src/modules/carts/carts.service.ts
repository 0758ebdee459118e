import type { MergeLists, MergedLists, ServerCart, ServerWishlist } from '@souq/contracts/carts';
import { ORDER_LINE_MAX_QUANTITY } from '@souq/contracts/orders';
import { writeTransaction, type Db } from '../../db/connection';
import { cartsRepository } from './carts.repository';
import { lockSavedLists, recordMerge } from './cart-merges.repository';

/**
 * Quantity after a merge: the sum, capped by stock and the per-line maximum, but at least 1 so a
 * product that sold out stays in the cart for the shopper to see flagged and remove.
 */
export function mergedQuantity(total: number, stock: number): number {
  return Math.max(1, Math.min(total, stock, ORDER_LINE_MAX_QUANTITY));
}

export function createCartsService(db: Db) {
  const repo = cartsRepository;
  return {
    async getCart(userId: string): Promise<ServerCart> {
      return { items: await repo.readCart(db.kysely, userId) };
    },

    /** Replaces the cart; products that no longer exist are dropped. */
    async putCart(userId: string, lines: { productId: number; quantity: number }[]) {
      return writeTransaction(db, async (trx) => {
        const stock = await repo.stockOf(
          trx,
          lines.map((l) => l.productId),
        );
        await repo.writeCart(
          trx,
          userId,
          lines.filter((l) => stock.has(l.productId)),
        );
        return { items: await repo.readCart(trx, userId) };
      });
    },

    async getWishlist(userId: string): Promise<ServerWishlist> {
      return { items: await repo.readWishlist(db.kysely, userId) };
    },

    async putWishlist(userId: string, productIds: number[]): Promise<ServerWishlist> {
      return writeTransaction(db, async (trx) => {
        const stock = await repo.stockOf(trx, productIds);
        await repo.writeWishlist(
          trx,
          userId,
          productIds.filter((id) => stock.has(id)),
        );
        return { items: await repo.readWishlist(trx, userId) };
      });
    },

    /**
     * The browser's lists join the server's: server lines first, then new ones, each product
     * once. A merge id seen before for this shopper changes nothing (see mergeListsSchema).
     */
    async merge(userId: string, local: MergeLists): Promise<MergedLists> {
      return writeTransaction(db, async (trx) => {
        await lockSavedLists(trx, db.dialect, userId);
        if (local.mergeId && !(await recordMerge(trx, userId, local.mergeId))) {
          return {
            cart: { items: await repo.readCart(trx, userId) },
            wishlist: { items: await repo.readWishlist(trx, userId) },
          };
        }
        const serverCart = await repo.readCart(trx, userId);
        const totals = new Map<number, number>();
        for (const line of [
          ...serverCart.map((i) => ({ productId: i.id, quantity: i.quantity })),
          ...local.cart,
        ]) {
          totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity);
        }
        const stock = await repo.stockOf(trx, [...totals.keys()]);
        const cartLines = [...totals].flatMap(([productId, total]) => {
          const left = stock.get(productId);
          return left === undefined ? [] : [{ productId, quantity: mergedQuantity(total, left) }];
        });
        await repo.writeCart(trx, userId, cartLines);

        const serverWishlist = await repo.readWishlist(trx, userId);
        const wished = [...new Set([...serverWishlist.map((p) => p.id), ...local.wishlist])];
        const existing = await repo.stockOf(trx, wished);
        await repo.writeWishlist(
          trx,
          userId,
          wished.filter((id) => existing.has(id)),
        );
        return {
          cart: { items: await repo.readCart(trx, userId) },
          wishlist: { items: await repo.readWishlist(trx, userId) },
        };
      });
    },
  };
}
