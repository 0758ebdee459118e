/**
 * Product ids by slug for the catalog index (decision 002), with no string per product on the
 * JavaScript heap: a `Map` of a million slugs held about 140 MB there, which every full
 * collection walks. Each slug's UTF-8 is appended to one buffer outside the heap, and a table of
 * ids (open addressing, linear probing, twice as many slots as ids) is probed by the slug's
 * hash. A slug given again to another id names that id from then on, as a `Map`'s `set` would.
 */
export interface SlugIndex {
  set(id: number, slug: string): void;
  remove(id: number): void;
  idOf(slug: string): number | undefined;
}

/** `maxId`: the highest id the index will be given. */
export function slugIndex(maxId: number): SlugIndex {
  const slots = new Int32Array(2 ** Math.ceil(Math.log2(2 * (maxId + 1))));
  const mask = slots.length - 1;
  // Per id: where its slug's bytes start and end (equal: none), and their hash.
  const starts = new Uint32Array(maxId + 1);
  const ends = new Uint32Array(maxId + 1);
  const hashes = new Uint32Array(maxId + 1);
  // Grown as needed; mapped page by page, so room not written never becomes resident. An
  // edited slug's old bytes stay unused until the index is built again.
  let bytes = Buffer.allocUnsafeSlow(Math.max(1024, (maxId + 1) * 40));
  let used = 0;

  /** The slot holding `id`, or -1. */
  function slotOf(id: number): number {
    for (let slot = (hashes[id] ?? 0) & mask; slots[slot] !== 0; slot = (slot + 1) & mask)
      if (slots[slot] === id) return slot;
    return -1;
  }

  /** Empties `slot`, moving later entries of its run back so that every probe still finds them. */
  function empty(slot: number): void {
    let hole = slot;
    slots[hole] = 0;
    for (let next = (hole + 1) & mask; slots[next] !== 0; next = (next + 1) & mask) {
      const home = (hashes[slots[next] ?? 0] ?? 0) & mask;
      // The entry may move to the hole when its home is not between the hole and it.
      const between = hole <= next ? hole < home && home <= next : hole < home || home <= next;
      if (!between) {
        slots[hole] = slots[next] ?? 0;
        slots[next] = 0;
        hole = next;
      }
    }
  }

  /** The slot whose id has these bytes as its slug, or -1. */
  function find(key: Buffer, hash: number): number {
    for (let slot = hash & mask; slots[slot] !== 0; slot = (slot + 1) & mask) {
      const id = slots[slot] ?? 0;
      const start = starts[id] ?? 0;
      const end = ends[id] ?? 0;
      if (hashes[id] === hash && key.equals(bytes.subarray(start, end))) return slot;
    }
    return -1;
  }

  function remove(id: number): void {
    if (starts[id] === ends[id]) return;
    const slot = slotOf(id);
    if (slot >= 0) empty(slot);
    starts[id] = ends[id] = 0;
  }

  return {
    set(id, slug) {
      remove(id);
      const key = Buffer.from(slug);
      if (key.length === 0) return;
      if (used + key.length > bytes.length) {
        const grown = Buffer.allocUnsafeSlow(Math.max(bytes.length * 2, used + key.length));
        bytes.copy(grown, 0, 0, used);
        bytes = grown;
      }
      const hash = fnv1a(key);
      const taken = find(key, hash);
      key.copy(bytes, used);
      starts[id] = used;
      ends[id] = used += key.length;
      hashes[id] = hash;
      if (taken >= 0) {
        // The slug named another id: that id keeps its bytes but is no longer found by them.
        slots[taken] = id;
        return;
      }
      let slot = hash & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = id;
    },
    remove,
    idOf(slug) {
      const key = Buffer.from(slug);
      const slot = find(key, fnv1a(key));
      return slot < 0 ? undefined : slots[slot];
    },
  };
}

/** FNV-1a, 32 bits. */
function fnv1a(key: Buffer): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ (key[i] ?? 0), 0x01000193);
  return hash >>> 0;
}
