/**
 * The k entries with the smallest keys among many, for one page of a search's matches: a
 * bounded max-heap, so a match that cannot make the page costs one comparison and the whole
 * pass is linear in the matches (sorting them all was most of a search's time). Keys must be
 * distinct (a sort's position, or a relevance key that ends in the id), so the result is exact.
 */
export class SmallestK {
  private readonly keys: Float64Array;
  private readonly ids: Int32Array;
  private size = 0;

  constructor(readonly k: number) {
    this.keys = new Float64Array(k);
    this.ids = new Int32Array(k);
  }

  offer(key: number, id: number): void {
    const { keys, ids, k } = this;
    if (this.size < k) {
      // Sift up from the end.
      let at = this.size++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if ((keys[parent] ?? 0) >= key) break;
        keys[at] = keys[parent] ?? 0;
        ids[at] = ids[parent] ?? 0;
        at = parent;
      }
      keys[at] = key;
      ids[at] = id;
      return;
    }
    if (k === 0 || key >= (keys[0] ?? 0)) return;
    // Replace the largest (the root) and sift down.
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= k) break;
      const right = left + 1;
      const larger = right < k && (keys[right] ?? 0) > (keys[left] ?? 0) ? right : left;
      if ((keys[larger] ?? 0) <= key) break;
      keys[at] = keys[larger] ?? 0;
      ids[at] = ids[larger] ?? 0;
      at = larger;
    }
    keys[at] = key;
    ids[at] = id;
  }

  /** The ids kept, smallest key first. */
  sortedIds(): number[] {
    const order = Array.from({ length: this.size }, (_, i) => i);
    order.sort((a, b) => (this.keys[a] ?? 0) - (this.keys[b] ?? 0));
    return order.map((i) => this.ids[i] ?? 0);
  }
}
