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

    // Raw SQL may write, so it counts, unless it is a select.
    const afterTransaction = writes.count;
    await sql`update catalog_version set version = 43`.execute(kysely);
    expect(writes.count).toBe(afterTransaction + 1);
    await sql`select version from catalog_version`.execute(kysely);
    expect(writes.count).toBe(afterTransaction + 1);
  });

  it('counts apart the writes that may have changed the catalog', async () => {
    const { kysely, writes } = t.db;
    const before = { all: writes.count, catalog: writes.catalogCount };
    await kysely
      .insertInto('contact_messages')
      .values({
        name: 'A shopper',
        email: 'shopper@example.com',
        phone: '',
        message: 'Hello',
        read_at: null,
        answered_at: null,
        answered_by_user_id: null,
        answered_by_email: null,
      })
      .execute();
    expect([writes.count, writes.catalogCount]).toEqual([before.all + 1, before.catalog]);
    await kysely.updateTable('products').set({ rating_count: 0 }).where('id', '=', -1).execute();
    await kysely.deleteFrom('product_variants').where('id', '=', -1).execute();
    await sql`update categories set position = position where id = -1`.execute(kysely);
    expect([writes.count, writes.catalogCount]).toEqual([before.all + 4, before.catalog + 3]);
  });

  it('does not count a statement that failed', async () => {
    const { kysely, writes } = t.db;
    const before = writes.count;
    await expect(sql`update no_such_table set x = 1`.execute(kysely)).rejects.toThrow();
    expect(writes.count).toBe(before);
  });
});
