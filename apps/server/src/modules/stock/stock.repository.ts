import type { Kysely } from 'kysely';
import { STOCK_MOVEMENTS_PAGE_SIZE, type StockMovement } from '@souq/contracts/admin-catalog';
import type { Db } from '../../db/connection';
import { toIsoString } from '../../db/dialect';
import { defineRepository } from '../../db/repository';
import type { Database } from '../../db/schema';
import { auditWriter } from '../audit/audit.repository';
import { adjust } from './stock-changes';
import { variantsOfProduct } from './stock.queries';

/** Ledger rows with the variant they moved and the order behind them, as the back office lists them. */
function selectMovements(trx: Kysely<Database>) {
  return trx
    .selectFrom('stock_movements')
    .innerJoin('product_variants', 'product_variants.id', 'stock_movements.variant_id')
    .leftJoin('orders', 'orders.id', 'stock_movements.order_id')
    .select([
      'stock_movements.id',
      'stock_movements.created_at',
      'stock_movements.change',
      'stock_movements.stock_after',
      'stock_movements.reason',
      'stock_movements.note',
      'stock_movements.actor_email',
      'product_variants.id as variant_id',
      'product_variants.colour',
      'product_variants.size',
      'product_variants.sku',
      'orders.id as order_id',
      'orders.number as order_number',
    ]);
}

/** The back office's stock ledger: reading a product's movements, adjusting a variant. */
function stockLedgerQueries(trx: Kysely<Database>) {
  return {
    audit: auditWriter(trx),
    adjust: (change: Parameters<typeof adjust>[1]) => adjust(trx, change),
    variantsOfProduct: (productId: number) => variantsOfProduct(trx, productId),

    async productExists(productId: number): Promise<boolean> {
      const row = await trx
        .selectFrom('products')
        .select('id')
        .where('id', '=', productId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** One page of a product's movements, newest first, and whether more follow. */
    async listMovements(
      productId: number,
      page: number,
    ): Promise<{ items: StockMovement[]; hasMore: boolean }> {
      const rows = await selectMovements(trx)
        .where('stock_movements.product_id', '=', productId)
        .orderBy('stock_movements.id', 'desc')
        .limit(STOCK_MOVEMENTS_PAGE_SIZE + 1)
        .offset((page - 1) * STOCK_MOVEMENTS_PAGE_SIZE)
        .execute();
      return {
        items: rows.slice(0, STOCK_MOVEMENTS_PAGE_SIZE).map(toMovement),
        hasMore: rows.length > STOCK_MOVEMENTS_PAGE_SIZE,
      };
    },

    async findMovement(id: number): Promise<StockMovement | undefined> {
      const row = await selectMovements(trx)
        .where('stock_movements.id', '=', id)
        .executeTakeFirst();
      return row && toMovement(row);
    },

    /** Claims an adjustment's key; false when an earlier request holds it. */
    async claimKey(scope: string, key: string, requestHash: string, at: string): Promise<boolean> {
      const result = await trx
        .insertInto('idempotency_keys')
        .values({ scope, key, request_hash: requestHash, order_id: null, created_at: at })
        .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    },

    async findKey(
      scope: string,
      key: string,
    ): Promise<{ requestHash: string; movementId: number | null } | undefined> {
      const row = await trx
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'stock_movement_id'])
        .where('scope', '=', scope)
        .where('key', '=', key)
        .executeTakeFirst();
      return row && { requestHash: row.request_hash, movementId: row.stock_movement_id };
    },

    async completeKey(scope: string, key: string, movementId: number): Promise<void> {
      await trx
        .updateTable('idempotency_keys')
        .set({ stock_movement_id: movementId })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .execute();
    },
  };
}

function toMovement(row: {
  id: number;
  created_at: string | Date;
  change: number;
  stock_after: number;
  reason: StockMovement['reason'];
  note: string | null;
  actor_email: string | null;
  variant_id: number;
  colour: string;
  size: string;
  sku: string | null;
  order_id: number | null;
  order_number: string | null;
}): StockMovement {
  return {
    id: row.id,
    at: toIsoString(row.created_at),
    variant: {
      id: row.variant_id,
      colour: row.colour || null,
      size: row.size || null,
      sku: row.sku,
    },
    change: row.change,
    stockAfter: row.stock_after,
    reason: row.reason,
    note: row.note,
    order:
      row.order_id !== null && row.order_number !== null
        ? { id: row.order_id, number: row.order_number }
        : null,
    actorEmail: row.actor_email,
  };
}

export function createStockRepository(db: Db) {
  return defineRepository(db, stockLedgerQueries);
}
export type StockRepository = ReturnType<typeof createStockRepository>;
