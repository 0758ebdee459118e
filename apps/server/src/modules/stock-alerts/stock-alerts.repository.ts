import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import type { LanguageCode } from '@souq/contracts/languages';
import type { Db } from '../../db/connection';
import { defineRepository } from '../../db/repository';
import type { Database } from '../../db/schema';

export interface NewStockAlert {
  variantId: number;
  productId: number;
  email: string;
  language: LanguageCode;
  productUrl: string;
  at: string;
}

function stockAlertsQueries(executor: Kysely<Database>, dialect: DatabaseDialect) {
  return {
    /**
     * The live variant and its stock, its row held until the transaction ends on PostgreSQL, so
     * a restock committing meanwhile either comes first (and the request is refused as not sold
     * out) or after (and finds the request waiting). SQLite's writers run one at a time already.
     */
    async variantForUpdate(
      variantId: number,
    ): Promise<{ productId: number; stock: number } | undefined> {
      const query = executor
        .selectFrom('product_variants')
        .select(['product_id as productId', 'stock'])
        .where('id', '=', variantId)
        .where('archived_at', 'is', null);
      return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
    },

    async accountEmail(userId: string): Promise<string> {
      const row = await executor
        .selectFrom('users')
        .select('email')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      return row.email;
    },

    /** Adds the request unless the same email already waits for the variant. */
    async request(alert: NewStockAlert): Promise<void> {
      await executor
        .insertInto('stock_alerts')
        .values({
          variant_id: alert.variantId,
          product_id: alert.productId,
          email: alert.email,
          language: alert.language,
          product_url: alert.productUrl,
          created_at: alert.at,
        })
        .onConflict((oc) =>
          oc.columns(['variant_id', 'email']).where('notified_at', 'is', null).doNothing(),
        )
        .execute();
    },

    async waitingCounts(productId: number): Promise<{ variantId: number; waiting: number }[]> {
      const rows = await executor
        .selectFrom('stock_alerts')
        .select((eb) => ['variant_id', eb.fn.countAll<number | string>().as('waiting')])
        .where('product_id', '=', productId)
        .where('notified_at', 'is', null)
        .groupBy('variant_id')
        .orderBy('variant_id')
        .execute();
      return rows.map((row) => ({ variantId: row.variant_id, waiting: Number(row.waiting) }));
    },
  };
}

export function createStockAlertsRepository(db: Db) {
  return defineRepository(db, (executor) => stockAlertsQueries(executor, db.dialect));
}
export type StockAlertsRepository = ReturnType<typeof createStockAlertsRepository>;
