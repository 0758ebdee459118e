import { describe, expect, it } from 'vitest';
import { SmallestK } from './top-k';

describe('SmallestK', () => {
  it('keeps the k smallest keys of many, smallest first, whatever order they come in', () => {
    let seed = 11;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (const [count, k] of [
      [0, 5],
      [3, 5],
      [5, 5],
      [1000, 1],
      [1000, 24],
      [5000, 72],
    ] as const) {
      const entries = Array.from({ length: count }, (_, id) => ({ id, key: random() * 1e9 + id }));
      const top = new SmallestK(k);
      for (const e of entries) top.offer(e.key, e.id);
      const expected = [...entries]
        .sort((a, b) => a.key - b.key)
        .slice(0, k)
        .map((e) => e.id);
      expect(top.sortedIds()).toEqual(expected);
    }
  });

  it('keeps nothing when k is 0', () => {
    const top = new SmallestK(0);
    top.offer(1, 1);
    expect(top.sortedIds()).toEqual([]);
  });
});
