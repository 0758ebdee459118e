import type { Kysely } from 'kysely';
import type { Db } from '../../db/connection';
import { defineRepository } from '../../db/repository';
import type { Database } from '../../db/schema';

export interface MediaCopy {
  width: number;
  height: number;
  bytes: Buffer;
}

/** Uploaded pictures' WebP copies, one row per (key, width), kept in the database (decision 015). */
function mediaQueries(executor: Kysely<Database>) {
  return {
    async insertCopies(key: string, copies: MediaCopy[]): Promise<void> {
      await executor
        .insertInto('media')
        .values(copies.map((c) => ({ key, width: c.width, height: c.height, bytes: c.bytes })))
        .execute();
    },

    async readCopy(key: string, width: number): Promise<Buffer | undefined> {
      const row = await executor
        .selectFrom('media')
        .select('bytes')
        .where('key', '=', key)
        .where('width', '=', width)
        .executeTakeFirst();
      return row?.bytes;
    },

    /** Which of these (key, width) copies exist. */
    async existingCopies(copies: { key: string; width: number }[]): Promise<Set<string>> {
      if (copies.length === 0) return new Set();
      const rows = await executor
        .selectFrom('media')
        .select(['key', 'width'])
        .where(
          'key',
          'in',
          copies.map((c) => c.key),
        )
        .execute();
      return new Set(rows.map((r) => `${r.key}/${r.width}`));
    },
  };
}

export function createMediaRepository(db: Db) {
  return defineRepository(db, mediaQueries);
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;
