import { LRUCache } from 'lru-cache';

/**
 * How long each app server reuses rendered catalog pages (decision 002). Clients and CDNs are
 * told `max-age=60` anyway; orders re-read prices and stock in their own transaction.
 */
export const CATALOG_CACHE_TTL_MS = 5_000;

/**
 * How long each app server reuses catalog API responses, and the most its stock figures may lag
 * the database: a stock change shows in the API within this (decision 002).
 */
export const CATALOG_API_TTL_MS = 1_000;

export interface ShortLivedCacheOptions<V> {
  /** How long a value is reused after it was computed. */
  ttlMs: number;
  maxEntries: number;
  /** A bound on the entries' total size, with the size of one value; least recently used go first. */
  maxSize?: { total: number; of: (value: V) => number };
  /** Milliseconds, only ever increasing; the tests pass a clock they can move forward. */
  now: () => number;
  /**
   * What the values are computed from, as a number that moves when it changes (the catalog
   * index's version): a value computed before it moved is not reused, so an edit shows as soon
   * as the index has it rather than when the kept answers expire.
   */
  generation?: () => number;
}

export interface ShortLivedCache<V> {
  /**
   * The value for `key` if it was kept less than ttlMs ago, else `compute()`'s. A value is kept
   * when its key was asked for before, within twice ttlMs (so a key asked for all the time is
   * kept again as soon as its value expires), and only while the generation it was computed
   * in lasts. Concurrent requests for a missing value share one computation of their generation;
   * a failed one is not kept.
   */
  get(key: string, compute: () => Promise<V>): Promise<V>;
}

/**
 * Values reused for a few seconds in one app server (decision 002), in a bounded LRU, kept only
 * for keys asked for twice (as caches in front of web servers do). Under long-tail traffic most
 * keys come once: keeping each of their values pushed out others still in use, and values that
 * outlived the young generation died old, which took V8 a full collection (10–25 ms, every
 * half second) to free.
 */
export function shortLivedCache<V extends object | number>(
  options: ShortLivedCacheOptions<V>,
): ShortLivedCache<V> {
  const cache = new LRUCache<string, { value: V; generation: number }>({
    max: options.maxEntries,
    ttl: options.ttlMs,
    // Read the clock on every check: a cached "now" would outlive a test clock's jump.
    ttlResolution: 0,
    perf: { now: options.now },
    ...(options.maxSize && {
      maxSize: options.maxSize.total,
      sizeCalculation: (kept) => options.maxSize?.of(kept.value) ?? 0,
    }),
  });
  // Keys asked for lately, whose next value is worth keeping.
  const askedBefore = new LRUCache<string, true>({
    max: options.maxEntries * 4,
    ttl: options.ttlMs * 2,
    ttlResolution: 0,
    perf: { now: options.now },
  });
  // Computations under way, shared by the requests that miss meanwhile. Kept apart from the
  // cache: lru-cache's own fetch makes an AbortController per computation, a few percent of a
  // list page when most pages are new.
  const computing = new Map<string, { generation: number; value: Promise<V> }>();
  const generationNow = options.generation ?? (() => 0);
  return {
    get(key, compute) {
      const generation = generationNow();
      const kept = cache.get(key);
      if (kept?.generation === generation) return Promise.resolve(kept.value);
      const pending = computing.get(key);
      if (pending?.generation === generation) return pending.value;
      const keep = askedBefore.has(key);
      const value = compute().then((computed) => {
        if (keep) cache.set(key, { value: computed, generation });
        askedBefore.set(key, true);
        return computed;
      });
      const computation = { generation, value };
      computing.set(key, computation);
      void value
        .finally(() => {
          if (computing.get(key) === computation) computing.delete(key);
        })
        .catch(() => {});
      return value;
    },
  };
}
