import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, testDialects, type TestDb } from '../test/test-app';
import { writeTransaction } from './connection';

describe.each(testDialects)('the count of writes a process has run on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect);
  });
  afterAll(() => t.cleanup());

  it('moves with every write once it has run, and not with reads', async () => {
    const { kysely, writes } = t.db;
    const before = writes.count;
    await kysely.selectFrom('catalog_version').select('version').execute();
    expect(writes.count).toBe(before);

    await kysely.updateTable('catalog_version').set({ version: 41 }).execute();
    expect(writes.count).toBe(before + 1);

    await writeTransaction(t.db, (trx) =>
      trx.updateTable('catalog_version').set({ version: 42 }).execute(),
    );
    expect(writes.count).toBeGreaterThan(before + 1);

    // Raw SQL may write, so it counts.
    const afterTransaction = writes.count;
    await sql`update catalog_version set version = 43`.execute(kysely);
    expect(writes.count).toBe(afterTransaction + 1);
  });

  it('does not count a statement that failed', async () => {
    const { kysely, writes } = t.db;
    const before = writes.count;
    await expect(sql`update no_such_table set x = 1`.execute(kysely)).rejects.toThrow();
    expect(writes.count).toBe(before);
  });
});
