import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import type { Db } from '../../db/connection';
import { defineRepository } from '../../db/repository';
import type { Database } from '../../db/schema';
import type { ServerCart } from '@souq/contracts/carts';
import {
  productSummaryColumns,
  shownOnStorefront,
  toLineVariant,
  toProductSummary,
} from '../catalog/product-mapper';
import { productTextsOf } from '../catalog/catalog-translations';

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

    /** The cart's lines whose variant is still sold; the item's stock is the variant's. */
    async readCart(userId: string): Promise<ServerCart['items']> {
      const rows = await trx
        .selectFrom('cart_items')
        .innerJoin('products', 'products.id', 'cart_items.product_id')
        .innerJoin('product_variants', 'product_variants.id', 'cart_items.variant_id')
        .select([
          ...productSummaryColumns,
          'products.colours',
          'cart_items.quantity',
          'product_variants.id as variant_id',
          'product_variants.colour as variant_colour',
          'product_variants.size as variant_size',
          'product_variants.stock as variant_stock',
        ])
        .where('cart_items.user_id', '=', userId)
        // A product the storefront no longer shows leaves the saved cart and wishlist.
        .where(shownOnStorefront)
        .where('product_variants.archived_at', 'is', null)
        .orderBy('cart_items.position')
        .execute();
      const texts = await productTextsOf(trx, { ids: rows.map((r) => r.id) });
      return rows.map((r) => ({
        ...toProductSummary({ ...r, stock: r.variant_stock }, texts.get(r.id)),
        quantity: r.quantity,
        variant: toLineVariant(
          { id: r.variant_id, colour: r.variant_colour || null, size: r.variant_size || null },
          r.colours,
        ),
      }));
    },

    async writeCart(
      userId: string,
      lines: { productId: number; variantId: number; quantity: number }[],
    ) {
      await trx.deleteFrom('cart_items').where('user_id', '=', userId).execute();
      if (lines.length === 0) return;
      await trx
        .insertInto('cart_items')
        .values(
          lines.map((l, position) => ({
            user_id: userId,
            product_id: l.productId,
            variant_id: l.variantId,
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
      const texts = await productTextsOf(trx, { ids: rows.map((r) => r.id) });
      return rows.map((r) => toProductSummary(r, texts.get(r.id)));
    },

    async writeWishlist(userId: string, productIds: number[]) {
      await trx.deleteFrom('wishlist_items').where('user_id', '=', userId).execute();
      if (productIds.length === 0) return;
      await trx
        .insertInto('wishlist_items')
        .values(productIds.map((id, position) => ({ user_id: userId, product_id: id, position })))
        .execute();
    },

    /** Products that exist, of these ids. */
    async existingProducts(productIds: number[]): Promise<Set<number>> {
      if (productIds.length === 0) return new Set();
      const rows = await trx
        .selectFrom('products')
        .select('id')
        .where('id', 'in', productIds)
        .where(shownOnStorefront)
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    /** The live variants of these products, with their stock, in their order. */
    async liveVariants(
      productIds: number[],
    ): Promise<{ id: number; productId: number; stock: number }[]> {
      if (productIds.length === 0) return [];
      const rows = await trx
        .selectFrom('product_variants')
        .select(['id', 'product_id', 'stock'])
        .where('product_id', 'in', productIds)
        .where('archived_at', 'is', null)
        .orderBy('product_id')
        .orderBy('position')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ id: r.id, productId: r.product_id, stock: r.stock }));
    },
  };
}

export function createCartsRepository(db: Db) {
  return defineRepository(db, (executor) => cartsQueries(executor, db.dialect));
}
export type CartsRepository = ReturnType<typeof createCartsRepository>;
export type CartsQueries = ReturnType<typeof cartsQueries>;
