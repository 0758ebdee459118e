import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, testDialects, type TestDb } from '../test/test-app';
import { sql } from 'kysely';
import { writeTransaction } from './connection';
import { preparedQuery } from './prepared-query';

const insertMessage = preparedQuery<{ name: string; message: string }, { id: number }>((db, arg) =>
  db
    .insertInto('contact_messages')
    .values({
      name: arg('name'),
      email: 'shopper@example.com',
      phone: '',
      message: arg('message'),
      read_at: null,
      answered_at: null,
      answered_by_user_id: null,
      answered_by_email: null,
    })
    .returning('id'),
);

/** `shape`: how many ids. */
const messagesByIds = preparedQuery<{ ids: number[] }, { id: number; name: string }>(
  (db, arg, count) =>
    db
      .selectFrom('contact_messages')
      .select(['id', 'name'])
      .where(
        'id',
        'in',
        Array.from({ length: count }, (_, i) => arg('ids', i)),
      )
      .orderBy('id'),
);

/** PostgreSQL: a setting of the transaction, set and read back (`set_config`, local). */
const setTestSetting = preparedQuery<{ value: string }, { value: string }>((db, arg) => ({
  compile: () =>
    sql<{ value: string }>`select set_config('souq.test', ${arg('value')}, true) as value`.compile(
      db,
    ),
}));
const readTestSetting = preparedQuery<Record<string, never>, { value: string }>((db) => ({
  compile: () =>
    sql<{ value: string }>`select current_setting('souq.test', true) as value`.compile(db),
}));

describe.each(testDialects)('a query prepared once on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect);
  });
  afterAll(() => t.cleanup());

  it('runs with each call’s values, and each run counts as a write', async () => {
    const { kysely, writes } = t.db;
    const before = writes.count;
    const first = await insertMessage(kysely, { name: 'Amal', message: 'First' });
    const second = await insertMessage(kysely, { name: 'Badr', message: 'Second' });
    expect(writes.count).toBe(before + 2);

    const ids = [first.rows[0]?.id ?? 0, second.rows[0]?.id ?? 0];
    const stored = await kysely
      .selectFrom('contact_messages')
      .select(['name', 'message'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      { name: 'Amal', message: 'First' },
      { name: 'Badr', message: 'Second' },
    ]);

    // Each shape is its own SQL: two ids, then one.
    expect((await messagesByIds(kysely, { ids }, 2)).rows.map((r) => r.name)).toEqual([
      'Amal',
      'Badr',
    ]);
    expect((await messagesByIds(kysely, { ids: [ids[1] ?? 0] }, 1)).rows).toEqual([
      { id: ids[1], name: 'Badr' },
    ]);
  });

  it('runs inside a transaction, and rolls back with it', async () => {
    const { kysely } = t.db;
    const failed = writeTransaction(t.db, async (trx) => {
      await insertMessage(trx, { name: 'Rolled back', message: 'Never kept' });
      throw new Error('the order failed');
    });
    await expect(failed).rejects.toThrow('the order failed');
    const kept = await kysely
      .selectFrom('contact_messages')
      .select('id')
      .where('name', '=', 'Rolled back')
      .execute();
    expect(kept).toEqual([]);
  });

  it('carries a COMMIT or a statement before it only on PostgreSQL', async () => {
    const carried = writeTransaction(t.db, (trx) =>
      insertMessage(trx, { name: 'Carried', message: 'Commit' }, 0, { commitAfter: true }),
    );
    if (dialect === 'postgres') await expect(carried).resolves.toBeDefined();
    else await expect(carried).rejects.toThrow('Only a PostgreSQL statement');
    const withFirst = writeTransaction(t.db, (trx) =>
      readTestSetting(trx, {}, 0, { first: setTestSetting.bind(trx, { value: 'first' }) }),
    );
    if (dialect === 'postgres') await expect(withFirst).resolves.toBeDefined();
    else await expect(withFirst).rejects.toThrow('Only a PostgreSQL statement');
  });

  it('refuses a run without a value the query names, rather than binding nothing', async () => {
    await expect(
      insertMessage(t.db.kysely, { name: 'No message' } as { name: string; message: string }),
    ).rejects.toThrow('No value for message');
  });

  it('refuses a query that reads a field of an argument instead of naming it, rather than binding null', async () => {
    const misread = preparedQuery<{ message: { text: string } }, { id: number }>((db, arg) => {
      const message = arg('message') as unknown as { text: string };
      return db
        .insertInto('contact_messages')
        .values({
          name: 'Misread',
          email: 'shopper@example.com',
          phone: '',
          message: sql<string>`${message.text}`,
          read_at: null,
          answered_at: null,
          answered_by_user_id: null,
          answered_by_email: null,
        })
        .returning('id');
    });
    await expect(misread(t.db.kysely, { message: { text: 'Hello' } })).rejects.toThrow(
      'fixed value left undefined',
    );
  });
});

describe.skipIf(!testDialects.includes('postgres'))('a prepared query on postgres', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb('postgres');
  });
  afterAll(() => t.cleanup());

  it('is parsed once per connection and kept there, where other SQL is not', async () => {
    const kept = await writeTransaction(t.db, async (trx) => {
      await insertMessage(trx, { name: 'Once', message: 'Prepared' });
      await insertMessage(trx, { name: 'Twice', message: 'Bound again' });
      await sql`select ${'built each time'}::text`.execute(trx);
      const { rows } = await sql<{ statement: string }>`
        select statement from pg_prepared_statements order by statement`.execute(trx);
      return rows.map((r) => r.statement);
    });
    expect(kept.filter((s) => s.startsWith('insert into "contact_messages"'))).toHaveLength(1);
    expect(kept.filter((s) => s.startsWith('select $1::text'))).toEqual([]);
  });

  it('commits a transaction with the statement that carries its COMMIT, and refuses any after it', async () => {
    const after = writeTransaction(t.db, async (trx) => {
      await insertMessage(trx, { name: 'Committed with it', message: 'Kept' }, 0, {
        commitAfter: true,
      });
      await insertMessage(trx, { name: 'After the commit', message: 'Never run' });
    });
    await expect(after).rejects.toThrow('committed with its last statement');
    const kept = await t.db.kysely
      .selectFrom('contact_messages')
      .select('name')
      .where('name', 'in', ['Committed with it', 'After the commit'])
      .execute();
    expect(kept).toEqual([{ name: 'Committed with it' }]);
    // The connection goes back to the pool fit for the next transaction.
    const next = await writeTransaction(t.db, async (trx) => {
      const [row] = (await insertMessage(trx, { name: 'Next transaction', message: 'Kept' })).rows;
      return (await messagesByIds(trx, { ids: [row?.id ?? 0] }, 1)).rows.map((r) => r.name);
    });
    expect(next).toEqual(['Next transaction']);
  });

  it('runs the statement sent with it just before it, in its transaction', async () => {
    const read = await writeTransaction(t.db, async (trx) => {
      const { rows } = await readTestSetting(trx, {}, 0, {
        first: setTestSetting.bind(trx, { value: 'set by the first' }),
        commitAfter: true,
      });
      return rows[0]?.value;
    });
    expect(read).toBe('set by the first');
    // Set for its transaction alone: the next one on the pool does not see it.
    const next = await writeTransaction(t.db, async (trx) => (await readTestSetting(trx, {})).rows);
    expect(next.map((r) => r.value || '')).toEqual(['']);
  });

  it('runs a transaction’s first statement inside it, though BEGIN goes out with it', async () => {
    // SET LOCAL takes effect only inside a transaction block (outside one it only warns).
    const inside = await writeTransaction(t.db, async (trx) => {
      await sql`set local statement_timeout = '4321ms'`.execute(trx);
      const { rows } = await sql<{ timeout: string }>`
        select current_setting('statement_timeout') as timeout`.execute(trx);
      return rows[0]?.timeout;
    });
    expect(inside).toBe('4321ms');
    // And a prepared query as the first statement rolls back with its transaction.
    await expect(
      writeTransaction(t.db, async (trx) => {
        await insertMessage(trx, { name: 'First and rolled back', message: 'Never kept' });
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    const kept = await t.db.kysely
      .selectFrom('contact_messages')
      .select('id')
      .where('name', '=', 'First and rolled back')
      .execute();
    expect(kept).toEqual([]);
  });
});
