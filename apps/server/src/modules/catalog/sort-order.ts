/** Ids in one order with their prices beside them, read in step (no jumps through memory). */
export interface SortedIds {
  ids: Int32Array;
  prices: Int32Array;
}

/**
 * Entries an order has room for beyond `count`: a sixteenth more, at least 1 024. Past it the
 * order's buffers are made again with room (the one copy, rare).
 */
const withRoom = (count: number) => count + Math.max(1_024, count >>> 4);

/** Labels are spread over this range when laid out, leaving as much again for ends added. */
const LABEL_SPAN = 2 ** 30;
const LABEL_MIN = -(2 ** 31);
const LABEL_MAX = 2 ** 31 - 1;

/**
 * One sort's order of the catalog index (decision 002), whole or of one category, kept in
 * buffers with room to spare so that an edit changes it in place: no array of the order's size
 * is made, copied or left to the garbage collector per edit. Finding a product is a binary
 * search by the sort's keys; moving it one shift of the entries between its old and new place
 * (a native copy of at most the order's size, mostly much less, and none at all when the edit
 * left its keys for this sort alone). Many products at once are found, taken out and put back
 * with a binary search each and shifts that move each entry once.
 *
 * A whole order also gives each product a label that rises along the order, for ranking a
 * page's candidates (top-k.ts) without walking the order: a product moved gets a label between
 * its new neighbours', and only when two neighbours' labels are adjacent integers is the whole
 * order labelled again (one pass, rare).
 */
export class SortOrder {
  private idRoom: Int32Array;
  private priceRoom: Int32Array;
  private size: number;
  /** The order as it stands: views of the buffers' first entries, for reading. */
  view: SortedIds;

  constructor(
    sorted: Int32Array,
    private readonly compare: (a: number, b: number) => number,
    private readonly priceOf: Int32Array,
    /** Per product id, its place along the order as a rising label (whole orders only). */
    readonly labels?: Int32Array,
  ) {
    this.size = sorted.length;
    this.idRoom = new Int32Array(withRoom(sorted.length));
    this.idRoom.set(sorted);
    this.priceRoom = new Int32Array(this.idRoom.length);
    for (let i = 0; i < sorted.length; i++) this.priceRoom[i] = priceOf[sorted[i] ?? 0] ?? 0;
    this.view = this.viewNow();
    this.relabel();
  }

  get length(): number {
    return this.size;
  }

  /** Where `id` is, by the keys it was placed with (-1: not in the order). */
  indexOf(id: number): number {
    const { idRoom, compare } = this;
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(idRoom[mid] ?? 0, id) < 0) lo = mid + 1;
      else hi = mid;
    }
    if (lo < this.size && idRoom[lo] === id) return lo;
    // Never expected (keys change only through the index's apply and resort); found anyway.
    return idRoom.subarray(0, this.size).indexOf(id);
  }

  /** Adds a product not in the order, at its place by its keys. */
  insert(id: number): void {
    this.ensureRoom(this.size + 1);
    const at = this.placeFor(id, -1);
    this.idRoom.copyWithin(at + 1, at, this.size);
    this.priceRoom.copyWithin(at + 1, at, this.size);
    this.size++;
    this.put(at, id);
  }

  /** Takes out the product at `at`. */
  removeAt(at: number): void {
    this.idRoom.copyWithin(at, at + 1, this.size);
    this.priceRoom.copyWithin(at, at + 1, this.size);
    this.size--;
    this.view = this.viewNow();
  }

  /** Moves the product found at `from` (by its old keys) to its place by its keys now. */
  move(id: number, from: number): void {
    const to = this.placeFor(id, from);
    const { idRoom, priceRoom } = this;
    if (to < from) {
      idRoom.copyWithin(to + 1, to, from);
      priceRoom.copyWithin(to + 1, to, from);
    } else if (to > from) {
      idRoom.copyWithin(from, from + 1, to + 1);
      priceRoom.copyWithin(from, from + 1, to + 1);
    }
    this.put(to, id);
  }

  /** Takes out the products at these places (rising), closing each gap with one shift. */
  removeAll(places: readonly number[]): void {
    if (places.length === 0) return;
    let write = places[0] ?? 0;
    for (let t = 0; t < places.length; t++) {
      const from = (places[t] ?? 0) + 1;
      const to = places[t + 1] ?? this.size;
      this.idRoom.copyWithin(write, from, to);
      this.priceRoom.copyWithin(write, from, to);
      write += to - from;
    }
    this.size -= places.length;
    this.view = this.viewNow();
  }

  /**
   * Puts in many products at once (an import), sorted by this order and none of them in it:
   * from the last, each is placed by a binary search among the entries not yet moved, and the
   * entries after it shifted up in one move, so each entry moves once whatever the count.
   */
  insertAll(arriving: readonly number[]): void {
    if (arriving.length === 0) return;
    this.ensureRoom(this.size + arriving.length);
    const { idRoom, priceRoom, compare, priceOf } = this;
    let end = this.size;
    let out = this.size + arriving.length;
    for (let next = arriving.length - 1; next >= 0; next--) {
      const id = arriving[next] ?? 0;
      let lo = 0;
      let hi = end;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (compare(idRoom[mid] ?? 0, id) < 0) lo = mid + 1;
        else hi = mid;
      }
      idRoom.copyWithin(out - (end - lo), lo, end);
      priceRoom.copyWithin(out - (end - lo), lo, end);
      out -= end - lo + 1;
      end = lo;
      idRoom[out] = id;
      priceRoom[out] = priceOf[id] ?? 0;
    }
    this.size += arriving.length;
    this.view = this.viewNow();
    this.relabel();
  }

  /** Sorts the order again in place, after its keys changed for many products at once. */
  resort(): void {
    const ids = this.idRoom.subarray(0, this.size).sort(this.compare);
    for (let i = 0; i < ids.length; i++) this.priceRoom[i] = this.priceOf[ids[i] ?? 0] ?? 0;
    this.relabel();
  }

  /** Where `id` belongs by its keys, among the entries but the one at `skip`. */
  private placeFor(id: number, skip: number): number {
    const { idRoom, compare } = this;
    const count = skip < 0 ? this.size : this.size - 1;
    let lo = 0;
    let hi = count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const other = idRoom[skip >= 0 && mid >= skip ? mid + 1 : mid] ?? 0;
      if (compare(other, id) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Writes `id` at `at`, with its price and a label between its neighbours'. */
  private put(at: number, id: number): void {
    this.idRoom[at] = id;
    this.priceRoom[at] = this.priceOf[id] ?? 0;
    this.view = this.viewNow();
    const labels = this.labels;
    if (!labels) return;
    const before = at > 0 ? (labels[this.idRoom[at - 1] ?? 0] ?? 0) : undefined;
    const after = at < this.size - 1 ? (labels[this.idRoom[at + 1] ?? 0] ?? 0) : undefined;
    const step = this.labelStep();
    const label =
      before !== undefined && after !== undefined
        ? before + Math.floor((after - before) / 2)
        : before !== undefined
          ? before + step
          : after !== undefined
            ? after - step
            : 0;
    const fits =
      label >= LABEL_MIN &&
      label <= LABEL_MAX &&
      (before === undefined || label > before) &&
      (after === undefined || label < after);
    if (fits) labels[id] = label;
    else this.relabel();
  }

  /** Labels every product by its place, evenly spread. */
  private relabel(): void {
    const labels = this.labels;
    if (!labels) return;
    const step = this.labelStep();
    for (let i = 0; i < this.size; i++) labels[this.idRoom[i] ?? 0] = i * step;
  }

  private labelStep(): number {
    return Math.max(1, Math.floor(LABEL_SPAN / Math.max(1, this.labels?.length ?? 1)));
  }

  private ensureRoom(count: number): void {
    if (count <= this.idRoom.length) return;
    // Grown past its room (an import, a category products moved into): room again.
    const ids = new Int32Array(withRoom(count));
    ids.set(this.idRoom.subarray(0, this.size));
    const prices = new Int32Array(ids.length);
    prices.set(this.priceRoom.subarray(0, this.size));
    this.idRoom = ids;
    this.priceRoom = prices;
  }

  private viewNow(): SortedIds {
    return {
      ids: this.idRoom.subarray(0, this.size),
      prices: this.priceRoom.subarray(0, this.size),
    };
  }
}
