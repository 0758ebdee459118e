import type { Db } from '../../db/connection';
import { toIsoString } from '../../db/dialect';
import { shownOnStorefront } from '../catalog/product-mapper';

/** A product as the sitemap lists it: its address and when it last changed. */
export interface SitemapProduct {
  id: number;
  updatedAt: string;
}

/** Ids after `after` up to and including `upTo`: one product file's share of the catalog. */
export interface IdRange {
  after: number;
  upTo: number;
}

/**
 * The products the storefront shows, as the sitemap reads them (SQL only). Every read is a
 * range of the primary key, so its cost does not grow with the catalog: no offsets, no count
 * or window over every product.
 */
export function createSitemapRepository(db: Db) {
  // Reads only: the sitemap answers while an import's transaction holds the writer (SQLite).
  const kysely = db.reads;
  return {
    /** Up to `limit` products of the range, in id order: a file is written a page at a time. */
    async productPage({ after, upTo }: IdRange, limit: number): Promise<SitemapProduct[]> {
      const rows = await kysely
        .selectFrom('products')
        .select(['id', 'updated_at'])
        .where(shownOnStorefront)
        .where('id', '>', after)
        .where('id', '<=', upTo)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, updatedAt: toIsoString(row.updated_at) }));
    },

    /** The highest id the storefront shows (0 for none): it bounds the product files. */
    async highestShownId(): Promise<number> {
      const row = await kysely
        .selectFrom('products')
        .select('id')
        .where(shownOnStorefront)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.id ?? 0;
    },

    /** The latest change among the range's shown products, undefined when it shows none. */
    async lastModified({ after, upTo }: IdRange): Promise<string | undefined> {
      const row = await kysely
        .selectFrom('products')
        .select((eb) => eb.fn.max('updated_at').as('last'))
        .where(shownOnStorefront)
        .where('id', '>', after)
        .where('id', '<=', upTo)
        .executeTakeFirst();
      return row?.last ? toIsoString(row.last) : undefined;
    },
  };
}

export type SitemapRepository = ReturnType<typeof createSitemapRepository>;
