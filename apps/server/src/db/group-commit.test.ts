import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../test/test-app';
import { writeTransaction } from './connection';

/** SQLite's write transactions share commits (db/group-commit.ts); each must still stand alone. */
describe('write transactions committed together on SQLite', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb('sqlite');
  });
  afterAll(() => t.cleanup());
  beforeEach(() => t.db.kysely.deleteFrom('idempotency_keys').execute());

  const claim = (key: string) =>
    writeTransaction(t.db, (trx) =>
      trx
        .insertInto('idempotency_keys')
        .values({ scope: '', key, request_hash: 'h', order_id: null, created_at: '2026-01-01' })
        .execute(),
    );
  /** What another connection sees: only what is committed. */
  const committedKeys = async () =>
    (await t.db.reads.selectFrom('idempotency_keys').select('key').orderBy('key').execute()).map(
      (r) => r.key,
    );

  it('answers each transaction only once its writes are committed', async () => {
    const seen = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        await claim(`k${String(i).padStart(2, '0')}`);
        return (await committedKeys()).includes(`k${String(i).padStart(2, '0')}`);
      }),
    );
    expect(seen.every(Boolean)).toBe(true);
    expect(await committedKeys()).toHaveLength(30);
  });

  it('rolls back a failed transaction alone, and commits the others it ran beside', async () => {
    const outcomes = await Promise.allSettled([
      claim('before'),
      writeTransaction(t.db, async (trx) => {
        await trx
          .insertInto('idempotency_keys')
          .values({ scope: '', key: 'failed', request_hash: 'h', order_id: null, created_at: 'x' })
          .execute();
        throw new Error('refused');
      }),
      claim('after'),
      // The same key twice: the second breaks the unique key, and only it fails.
      claim('twice'),
      claim('twice'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'rejected',
    ]);
    expect(await committedKeys()).toEqual(['after', 'before', 'twice']);
  });

  it('lets each transaction see the writes of those before it', async () => {
    await Promise.all([
      claim('first'),
      writeTransaction(t.db, async (trx) => {
        const first = await trx
          .selectFrom('idempotency_keys')
          .select('key')
          .where('key', '=', 'first')
          .executeTakeFirst();
        await trx
          .updateTable('idempotency_keys')
          .set({ request_hash: first ? 'saw first' : 'missed' })
          .where('key', '=', 'first')
          .execute();
      }),
    ]);
    const row = await t.db.reads
      .selectFrom('idempotency_keys')
      .select('request_hash')
      .where('key', '=', 'first')
      .executeTakeFirstOrThrow();
    expect(row.request_hash).toBe('saw first');
  });
});
