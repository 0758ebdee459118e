import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb, testDialects, type TestDb } from '../test/test-app';

const postgres = testDialects.includes('postgres');

describe.runIf(postgres)('migrations on a PostgreSQL database shared with another shop', () => {
  const dbs: TestDb[] = [];
  afterEach(async () => {
    await Promise.all(dbs.splice(0).map((t) => t.cleanup()));
  });

  it('keep each schema its own migration tables', async () => {
    // The first shop's schema holds Kysely's migration tables when the second one migrates.
    const first = await createTestDb('postgres');
    dbs.push(first);
    const second = await createTestDb('postgres');
    dbs.push(second);

    for (const { db } of [first, second]) {
      const { rows } = await sql<{ migrations: number }>`select count(*)::int as migrations
        from kysely_migration`.execute(db.kysely);
      expect(rows[0]?.migrations).toBeGreaterThan(0);
      const own = await sql<{ table_name: string }>`select table_name
        from information_schema.tables
        where table_schema = current_schema() and table_name like 'kysely_migration%'
        order by table_name`.execute(db.kysely);
      expect(own.rows.map((r) => r.table_name)).toEqual([
        'kysely_migration',
        'kysely_migration_lock',
      ]);
    }
  });
});
