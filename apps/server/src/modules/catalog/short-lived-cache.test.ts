import { describe, expect, it } from 'vitest';
import { shortLivedCache } from './short-lived-cache';

describe('shortLivedCache', () => {
  function counting(ttlMs = 5_000) {
    let clock = Date.parse('2026-11-24T09:00:00Z');
    let computed = 0;
    const cache = shortLivedCache<{ n: number }>({ ttlMs, maxEntries: 10, now: () => clock });
    return {
      get: (key: string) => cache.get(key, async () => ({ n: ++computed })),
      advance: (ms: number) => (clock += ms),
      computed: () => computed,
    };
  }

  it('keeps a value for ttlMs once its key has been asked for before', async () => {
    const c = counting();
    expect((await c.get('a')).n).toBe(1);
    expect((await c.get('a')).n).toBe(2); // asked once before: computed again, now kept
    expect((await c.get('a')).n).toBe(2);
    c.advance(4_999);
    expect((await c.get('a')).n).toBe(2);
    c.advance(2);
    expect((await c.get('a')).n).toBe(3); // expired; still asked often, so kept again
    expect((await c.get('a')).n).toBe(3);
  });

  it('keeps nothing for keys asked for once, or less often than every two ttlMs', async () => {
    const c = counting();
    for (const key of ['a', 'b', 'c']) await c.get(key);
    c.advance(10_001);
    expect((await c.get('a')).n).toBe(4);
    c.advance(10_001);
    expect((await c.get('a')).n).toBe(5);
    expect((await c.get('b')).n).toBe(6);
  });

  it('shares one computation between requests that miss at the same time', async () => {
    const c = counting();
    const [x, y] = await Promise.all([c.get('a'), c.get('a')]);
    expect(x).toBe(y);
    expect(c.computed()).toBe(1);
  });

  it('keeps no failed computation', async () => {
    const cache = shortLivedCache<{ n: number }>({
      ttlMs: 5_000,
      maxEntries: 10,
      now: () => Date.parse('2026-11-24T09:00:00Z'),
    });
    for (let i = 0; i < 3; i++)
      await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow();
    await cache.get('a', async () => ({ n: 1 }));
    expect(await cache.get('a', async () => ({ n: 2 }))).toEqual({ n: 2 });
    expect(await cache.get('a', async () => ({ n: 3 }))).toEqual({ n: 2 });
  });

  it('reuses no value, kept or being computed, once the generation it was computed in moves', async () => {
    let generation = 1;
    let computed = 0;
    const cache = shortLivedCache<{ n: number }>({
      ttlMs: 5_000,
      maxEntries: 10,
      now: () => Date.parse('2026-11-24T09:00:00Z'),
      generation: () => generation,
    });
    const get = () => cache.get('a', async () => ({ n: ++computed }));
    await get();
    expect((await get()).n).toBe(2); // kept from here
    expect((await get()).n).toBe(2);
    generation = 2; // an edit applied: the kept value is of the index before it
    expect((await get()).n).toBe(3);
    expect((await get()).n).toBe(3);
    // A computation started before the move is not shared with a request after it.
    let finish: (value: { n: number }) => void = () => {};
    const before = cache.get('b', () => new Promise((resolve) => (finish = resolve)));
    generation = 3;
    const after = cache.get('b', async () => ({ n: 99 }));
    finish({ n: 0 });
    expect((await before).n).toBe(0);
    expect((await after).n).toBe(99);
  });
});
