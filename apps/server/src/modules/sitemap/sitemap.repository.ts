import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import { toIsoString } from '../../db/dialect';
import { shownOnStorefront } from '../catalog/product-mapper';

/** A product as the sitemap lists it: its address and when it last changed. */
export interface SitemapProduct {
  id: number;
  updatedAt: string;
}

/** A file of the sitemap's products: how many it holds and the latest change among them. */
export interface SitemapProductFile {
  count: number;
  lastModified: string;
}

/** The products the storefront shows, as the sitemap reads them (SQL only). */
export function createSitemapRepository(db: Db) {
  const { kysely } = db;
  return {
    /** `limit` products from `offset`, in id order: a product file is written a page at a time. */
    async productPage(offset: number, limit: number): Promise<SitemapProduct[]> {
      const rows = await kysely
        .selectFrom('products')
        .select(['id', 'updated_at'])
        .where(shownOnStorefront)
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((row) => ({ id: row.id, updatedAt: toIsoString(row.updated_at) }));
    },

    /** How many products the storefront shows. */
    async productCount(): Promise<number> {
      const row = await kysely
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where(shownOnStorefront)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The product files, `perFile` products each in id order, with their latest change. */
    async productFiles(perFile: number): Promise<SitemapProductFile[]> {
      const file = sql`(position - 1) / ${sql.lit(perFile)}`;
      const { rows } = await sql<{ count: number | string; last: string | Date }>`
        select count(*) as count, max(updated_at) as last
        from (
          select updated_at, row_number() over (order by id) as position
          from products where ${shownOnStorefront}
        ) as shown
        group by ${file} order by ${file}`.execute(kysely);
      return rows.map((row) => ({ count: Number(row.count), lastModified: toIsoString(row.last) }));
    },
  };
}

export type SitemapRepository = ReturnType<typeof createSitemapRepository>;
