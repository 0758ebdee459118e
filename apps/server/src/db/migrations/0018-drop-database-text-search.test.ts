import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb, testDialects, type TestDb } from '../../test/test-app';

describe.each(testDialects)('migration 0018-drop-database-text-search on %s', (dialect) => {
  let t: TestDb | undefined;
  afterEach(async () => {
    await t?.cleanup();
    t = undefined;
  });

  it('leaves the database no text index of its own', async () => {
    t = await createTestDb(dialect);
    const { kysely } = t.db;
    if (dialect === 'sqlite') {
      const left = await sql<{ name: string }>`select name from sqlite_master
        where name like 'products_fts%'`.execute(kysely);
      expect(left.rows).toEqual([]);
    } else {
      const columns = await sql<{ column_name: string }>`select column_name
        from information_schema.columns
        where table_schema = current_schema() and table_name = 'products'
          and column_name = 'search_vector'`.execute(kysely);
      expect(columns.rows).toEqual([]);
      const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes
        where schemaname = current_schema()
          and indexname in ('products_search_idx', 'products_name_trgm_idx')`.execute(kysely);
      expect(indexes.rows).toEqual([]);
    }
  });
});
