import { sql, type Kysely, type Selectable } from 'kysely';
import type { AdminFlashSale } from '@souq/contracts/admin-marketing';
import type { Db } from '../../db/connection';
import { toIsoString } from '../../db/dialect';
import { defineRepository } from '../../db/repository';
import type { Database, FlashSaleTable } from '../../db/schema';
import { auditWriter } from '../audit/audit.repository';
import { nameTranslationsOf, productTextsOf } from '../catalog/catalog-translations';

type SaleRow = Selectable<FlashSaleTable>;

/** Any fixed number: every flash-sale write on PostgreSQL takes this one transaction lock. */
const FLASH_SALE_WRITE_LOCK = 160_017;

export function saleState(sale: { startsAt: string; endsAt: string }, now: string) {
  const at = Date.parse(now);
  if (Date.parse(sale.endsAt) <= at) return 'ended' as const;
  return Date.parse(sale.startsAt) <= at ? ('running' as const) : ('scheduled' as const);
}

/** The back office's SQL for flash sales and the products in them. */
function flashSalesQueries(trx: Kysely<Database>, dialect: Db['dialect']) {
  /** Sales with their products (name, first picture, price), in the order of `rows`. */
  async function withProducts(rows: SaleRow[], now: string): Promise<AdminFlashSale[]> {
    if (rows.length === 0) return [];
    const members = await trx
      .selectFrom('flash_sale_products')
      .innerJoin('products', 'products.id', 'flash_sale_products.product_id')
      .select([
        'flash_sale_products.flash_sale_id',
        'products.id',
        'products.name',
        'products.images',
        'products.price_cents',
        'products.currency',
      ])
      .where(
        'flash_sale_products.flash_sale_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('products.name')
      .execute();
    const texts = await productTextsOf(trx, { ids: [...new Set(members.map((m) => m.id))] });
    return rows.map((row) => {
      const sale = { startsAt: toIsoString(row.starts_at), endsAt: toIsoString(row.ends_at) };
      return {
        id: row.id,
        name: row.name,
        ...sale,
        state: saleState(sale, now),
        products: members
          .filter((m) => m.flash_sale_id === row.id)
          .map((m) => ({
            id: m.id,
            name: m.name,
            translations: nameTranslationsOf(texts.get(m.id)),
            image: (JSON.parse(m.images) as string[])[0] ?? '',
            price: m.price_cents,
            currency: m.currency,
          })),
      };
    });
  }

  return {
    /** Staff changes are logged in the transaction that makes them (modules/audit). */
    audit: auditWriter(trx),

    /**
     * Makes flash-sale writes take turns. SQLite's write transaction (BEGIN IMMEDIATE) already
     * holds the whole database; on PostgreSQL two staff saving overlapping sales at once would
     * each see no overlap before the other commits, so they wait for one lock until commit.
     */
    async lockSales(): Promise<void> {
      if (dialect === 'postgres')
        await sql`select pg_advisory_xact_lock(${FLASH_SALE_WRITE_LOCK})`.execute(trx);
    },

    /** Running first (ending soonest), then scheduled by start, then ended (newest first). */
    async listSales(now: string): Promise<AdminFlashSale[]> {
      const running = trx
        .selectFrom('flash_sales')
        .selectAll()
        .where('starts_at', '<=', now)
        .where('ends_at', '>', now)
        .orderBy('ends_at')
        .orderBy('id');
      const [a, b, c] = await Promise.all([
        running.execute(),
        trx
          .selectFrom('flash_sales')
          .selectAll()
          .where('starts_at', '>', now)
          .orderBy('starts_at')
          .orderBy('id')
          .execute(),
        trx
          .selectFrom('flash_sales')
          .selectAll()
          .where('ends_at', '<=', now)
          .orderBy('ends_at', 'desc')
          .orderBy('id', 'desc')
          .limit(100)
          .execute(),
      ]);
      return withProducts([...a, ...b, ...c], now);
    },

    async findSale(id: number, now: string): Promise<AdminFlashSale | undefined> {
      const row = await trx
        .selectFrom('flash_sales')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && (await withProducts([row], now))[0];
    },

    /** Of these products, the ones that exist. */
    async existingProducts(ids: number[]): Promise<Set<number>> {
      const rows = await trx.selectFrom('products').select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
    },

    /** Products among `ids` in another sale whose time overlaps [startsAt, endsAt). */
    async productsInOverlappingSales(
      ids: number[],
      window: { startsAt: string; endsAt: string },
      exceptSaleId: number | null,
    ): Promise<{ productId: number; saleName: string }[]> {
      let select = trx
        .selectFrom('flash_sale_products')
        .innerJoin('flash_sales', 'flash_sales.id', 'flash_sale_products.flash_sale_id')
        .select(['flash_sale_products.product_id as productId', 'flash_sales.name as saleName'])
        .where('flash_sale_products.product_id', 'in', ids)
        .where('flash_sales.starts_at', '<', window.endsAt)
        .where('flash_sales.ends_at', '>', window.startsAt);
      if (exceptSaleId !== null) select = select.where('flash_sales.id', '!=', exceptSaleId);
      return select.execute();
    },

    async insertSale(values: { name: string; starts_at: string; ends_at: string }) {
      const { id } = await trx
        .insertInto('flash_sales')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async updateSale(
      id: number,
      values: Partial<{ name: string; starts_at: string; ends_at: string }>,
    ): Promise<void> {
      await trx.updateTable('flash_sales').set(values).where('id', '=', id).execute();
    },

    async setSaleProducts(id: number, productIds: number[]): Promise<void> {
      await trx.deleteFrom('flash_sale_products').where('flash_sale_id', '=', id).execute();
      await trx
        .insertInto('flash_sale_products')
        .values(productIds.map((productId) => ({ flash_sale_id: id, product_id: productId })))
        .execute();
    },

    async deleteSale(id: number): Promise<void> {
      await trx.deleteFrom('flash_sales').where('id', '=', id).execute();
    },
  };
}

export function createFlashSalesRepository(db: Db) {
  return defineRepository(db, (trx) => flashSalesQueries(trx, db.dialect));
}
export type FlashSalesRepository = ReturnType<typeof createFlashSalesRepository>;
export type FlashSalesQueries = ReturnType<typeof flashSalesQueries>;
