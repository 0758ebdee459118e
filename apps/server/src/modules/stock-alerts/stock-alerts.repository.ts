import { randomBytes } from 'node:crypto';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import type { LanguageCode } from '@souq/contracts/languages';
import type { StockAlertUnsubscribed, WaitingForRestock } from '@souq/contracts/stock-alerts';
import type { Db } from '../../db/connection';
import { defineRepository } from '../../db/repository';
import type { Database } from '../../db/schema';
import { nameTranslationsOf, productTextsOf } from '../catalog/catalog-translations';

/** The variants shown in the back office's list of what shoppers wait for. */
export const WAITING_LIST_LIMIT = 100;

/** A request waits until it is mailed or its shopper unsubscribes (the unique index's condition). */
export function waiting(eb: ExpressionBuilder<Database, 'stock_alerts'>) {
  return eb.and([
    eb('stock_alerts.notified_at', 'is', null),
    eb('stock_alerts.unsubscribed_at', 'is', null),
  ]);
}

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
          token: randomBytes(18).toString('base64url'),
        })
        .onConflict((oc) => oc.columns(['variant_id', 'email']).where(waiting).doNothing())
        .execute();
    },

    async waitingCounts(productId: number): Promise<{ variantId: number; waiting: number }[]> {
      const rows = await executor
        .selectFrom('stock_alerts')
        .select((eb) => ['variant_id', eb.fn.countAll<number | string>().as('waiting')])
        .where('product_id', '=', productId)
        .where(waiting)
        .groupBy('variant_id')
        .orderBy('variant_id')
        .execute();
      return rows.map((row) => ({ variantId: row.variant_id, waiting: Number(row.waiting) }));
    },

    /** The variants with the most requests waiting, with their product's name and stock. */
    async waitingList(): Promise<WaitingForRestock['items']> {
      const rows = await executor
        .selectFrom('stock_alerts')
        .innerJoin('product_variants', 'product_variants.id', 'stock_alerts.variant_id')
        .innerJoin('products', 'products.id', 'stock_alerts.product_id')
        .select((eb) => [
          'products.id as productId',
          'products.name',
          'product_variants.id as variantId',
          'product_variants.colour',
          'product_variants.size',
          'product_variants.stock',
          eb.fn.countAll<number | string>().as('waiting'),
        ])
        .where(waiting)
        .groupBy([
          'products.id',
          'products.name',
          'product_variants.id',
          'product_variants.colour',
          'product_variants.size',
          'product_variants.stock',
        ])
        .orderBy('waiting', 'desc')
        .orderBy('product_variants.id')
        .limit(WAITING_LIST_LIMIT)
        .execute();
      const texts = await productTextsOf(executor, { ids: rows.map((row) => row.productId) });
      return rows.map((row) => ({
        ...row,
        translations: nameTranslationsOf(texts.get(row.productId)),
        waiting: Number(row.waiting),
      }));
    },

    /**
     * Ends every request still waiting from the token's email for the token's product, and
     * names that product; undefined for a token no request has. A second call finds the same
     * product and ends nothing more.
     */
    async unsubscribe(token: string, at: string): Promise<StockAlertUnsubscribed | undefined> {
      const alert = await executor
        .selectFrom('stock_alerts')
        .innerJoin('products', 'products.id', 'stock_alerts.product_id')
        .select(['stock_alerts.email', 'products.id', 'products.name'])
        .where('stock_alerts.token', '=', token)
        .executeTakeFirst();
      if (!alert) return undefined;
      await executor
        .updateTable('stock_alerts')
        .set({ unsubscribed_at: at })
        .where('email', '=', alert.email)
        .where('product_id', '=', alert.id)
        .where(waiting)
        .execute();
      const texts = await productTextsOf(executor, { ids: [alert.id] });
      return {
        product: {
          id: alert.id,
          name: alert.name,
          translations: nameTranslationsOf(texts.get(alert.id)),
        },
      };
    },
  };
}

export function createStockAlertsRepository(db: Db) {
  return defineRepository(db, (executor) => stockAlertsQueries(executor, db.dialect));
}
export type StockAlertsRepository = ReturnType<typeof createStockAlertsRepository>;
