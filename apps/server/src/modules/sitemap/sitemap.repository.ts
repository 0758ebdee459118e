import type { Db } from '../../db/connection';
import { toIsoString } from '../../db/dialect';
import { shownOnStorefront } from '../catalog/product-mapper';

/** A product as the sitemap lists it: its address and when it last changed. */
export interface SitemapProduct {
  id: number;
  updatedAt: string;
}

/** A file's range as the storefront shows it now (`rangeState`). */
export interface RangeState {
  shown: number;
  idSum: number;
  /** The latest change among the shown products; undefined when none is shown. */
  lastModified: string | undefined;
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

    /**
     * What a file's range shows, in one read: how many products, the sum of their ids and their
     * latest change. Any change to the file moves one of them (an edit moves the latest change, a
     * product hidden or shown the count and the sum), so together they name the file's version.
     */
    async rangeState({ after, upTo }: IdRange): Promise<RangeState> {
      const row = await kysely
        .selectFrom('products')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('shown'),
          eb.fn.sum<number | string | null>('id').as('id_sum'),
          eb.fn.max('updated_at').as('last'),
        ])
        .where(shownOnStorefront)
        .where('id', '>', after)
        .where('id', '<=', upTo)
        .executeTakeFirstOrThrow();
      // PostgreSQL answers count and sum as bigint, which node-postgres gives as text.
      return {
        shown: Number(row.shown),
        idSum: Number(row.id_sum ?? 0),
        lastModified: row.last ? toIsoString(row.last) : undefined,
      };
    },
  };
}

export type SitemapRepository = ReturnType<typeof createSitemapRepository>;
