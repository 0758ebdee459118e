import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, testDialects, type TestDb } from '../test/test-app';
import { countRequest, purgeEndedWindows, uncountRequest } from './rate-limit';

describe.each(testDialects)('database rate-limit counter on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect);
  });
  afterAll(() => t.cleanup());

  it('counts hits within a window and starts over when it ends', async () => {
    const start = 1_700_000_000_000;
    expect(await countRequest(t.db, 'k', 60_000, start)).toEqual({ hits: 1, ttlMs: 60_000 });
    expect(await countRequest(t.db, 'k', 60_000, start + 1_000)).toEqual({
      hits: 2,
      ttlMs: 59_000,
    });
    expect(await countRequest(t.db, 'k', 60_000, start + 60_000)).toEqual({
      hits: 1,
      ttlMs: 60_000,
    });
  });

  it('counts concurrent hits without losing any, as several app servers would', async () => {
    const now = 1_700_000_000_000;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => countRequest(t.db, 'burst', 60_000, now)),
    );
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('takes a count back, never below zero', async () => {
    const now = Date.now();
    await countRequest(t.db, 'taken-back', 60_000, now);
    await countRequest(t.db, 'taken-back', 60_000, now);
    await uncountRequest(t.db, 'taken-back');
    expect((await countRequest(t.db, 'taken-back', 60_000, now)).hits).toBe(2);
    for (let i = 0; i < 3; i += 1) await uncountRequest(t.db, 'taken-back');
    expect((await countRequest(t.db, 'taken-back', 60_000, now)).hits).toBe(1);
  });

  it('purges ended windows only', async () => {
    const now = 1_800_000_000_000;
    await countRequest(t.db, 'old', 1_000, now - 5_000);
    await countRequest(t.db, 'live', 60_000, now);
    await purgeEndedWindows(t.db, now);
    const keys = await t.db.kysely.selectFrom('rate_limit_counters').select('key').execute();
    expect(keys.map((k) => k.key)).toContain('live');
    expect(keys.map((k) => k.key)).not.toContain('old');
  });
});
