import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import type { Db } from '../../db/connection';
import { defineRepository } from '../../db/repository';
import type { Database } from '../../db/schema';
import {
  productSummaryColumns,
  shownOnStorefront,
  toProductSummary,
} from '../catalog/product-mapper';

type Trx = Kysely<Database>;

/** The signed-in shoppers' carts and wishlists, keyed by the accounts module's user id. */
function cartsQueries(trx: Trx, dialect: DatabaseDialect) {
  return {
    /**
     * Makes the shopper's other merges wait until this transaction ends. Two browsers signing in
     * at once each read the saved cart and write it back; on PostgreSQL, without this, the second
     * write would drop what the first added. SQLite runs one write transaction at a time already.
     */
    async lockSavedLists(userId: string) {
      if (dialect !== 'postgres') return;
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    },

    /** Records a merge as applied; false when the shopper's lists already had it. */
    async recordMerge(userId: string, mergeId: string): Promise<boolean> {
      const row = await trx
        .insertInto('cart_merges')
        .values({ user_id: userId, merge_id: mergeId })
        .onConflict((oc) => oc.columns(['user_id', 'merge_id']).doNothing())
        .returning('merge_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async readCart(userId: string) {
      const rows = await trx
        .selectFrom('cart_items')
        .innerJoin('products', 'products.id', 'cart_items.product_id')
        .select([...productSummaryColumns, 'cart_items.quantity'])
        .where('cart_items.user_id', '=', userId)
        // A product the storefront no longer shows leaves the saved cart and wishlist.
        .where(shownOnStorefront)
        .orderBy('cart_items.position')
        .execute();
      return rows.map((r) => ({ ...toProductSummary(r), quantity: r.quantity }));
    },

    async writeCart(userId: string, lines: { productId: number; quantity: number }[]) {
      await trx.deleteFrom('cart_items').where('user_id', '=', userId).execute();
      if (lines.length === 0) return;
      await trx
        .insertInto('cart_items')
        .values(
          lines.map((l, position) => ({
            user_id: userId,
            product_id: l.productId,
            quantity: l.quantity,
            position,
          })),
        )
        .execute();
    },

    async readWishlist(userId: string) {
      const rows = await trx
        .selectFrom('wishlist_items')
        .innerJoin('products', 'products.id', 'wishlist_items.product_id')
        .select(productSummaryColumns)
        .where('wishlist_items.user_id', '=', userId)
        .where(shownOnStorefront)
        .orderBy('wishlist_items.position')
        .execute();
      return rows.map(toProductSummary);
    },

    async writeWishlist(userId: string, productIds: number[]) {
      await trx.deleteFrom('wishlist_items').where('user_id', '=', userId).execute();
      if (productIds.length === 0) return;
      await trx
        .insertInto('wishlist_items')
        .values(productIds.map((id, position) => ({ user_id: userId, product_id: id, position })))
        .execute();
    },

    /** Stock of each product that exists; unknown ids are absent. */
    async stockOf(productIds: number[]): Promise<Map<number, number>> {
      if (productIds.length === 0) return new Map();
      const rows = await trx
        .selectFrom('products')
        .select(['id', 'stock'])
        .where('id', 'in', productIds)
        .where(shownOnStorefront)
        .execute();
      return new Map(rows.map((r) => [r.id, r.stock]));
    },
  };
}

export function createCartsRepository(db: Db) {
  return defineRepository(db, (executor) => cartsQueries(executor, db.dialect));
}
export type CartsRepository = ReturnType<typeof createCartsRepository>;
