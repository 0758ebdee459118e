import { emptyBits, hasBit, setBit, type Bits } from './facet-index';
import { foldedWords, MIN_CORRECTABLE_LENGTH, withinOneEdit } from './search-text';

/**
 * Each app server's text index of the catalog (decision 002), built with the catalog index from
 * the same rows and rebuilt with it: the folded words of every product's names and
 * descriptions (both languages), sorted, each with the products it appears in. A search is a
 * pass over the postings of its words; nothing reaches the database.
 *
 * - Every word of the text must match (AND); each matches as a prefix ("head" → headphones),
 *   so a word's terms are one run of the sorted term list and their postings one run too.
 * - Relevance: for each word, the products' weights of the terms it matched, summed; a term's
 *   weight in a product is 10 per use in a name and 1 per use in a description, saturated
 *   (bm25's k1), times the term's rarity (idf). Ties go by id. Matches come unsorted with their
 *   rank: a page needs only its few best (top-k.ts), not all of them in order.
 * - A term's postings are laid out best first (by the rank a search of that term alone gives),
 *   so a word matching a single term (most searches) is answered by the postings themselves:
 *   no scoring, and its first page is its first postings.
 * - When no product matches, each word of four letters or more may instead be a term one edit
 *   away (a letter added, dropped, replaced or two swapped), found through the terms' deletion
 *   neighbourhoods (SymSpell): every term is listed under itself and each of its one-letter
 *   deletions, so a word's corrections are under the word or one of its deletions.
 */
export interface SearchIndex {
  /** The products matching `words`, in no order, each with its relevance rank. */
  search(words: string[]): Matches;
  /**
   * Edited products applied in place (decision 002): each id's postings from the build stop
   * counting, and the given texts (those of `changedIds` still shown) are searched from an overlay of
   * edited products beside the built terms, in two tiers: the recent edits, laid out again on
   * each update, and the settled ones, laid out again only when the recent tier is folded in.
   */
  update(changedIds: readonly number[], texts: readonly SearchableText[]): void;
  /** How many products the overlay holds: past a share of the catalog a full build is due. */
  overlaySize(): number;
}

/**
 * A search's matches: `ids[i]` with `rank[i]`, lower ranking first (best score, then lowest
 * id; no two alike). `rank` is null when `ids` are in that order already (best first): a word
 * matching one term is that term's postings as they are laid out. Views over arrays the next
 * search reuses, or over the index itself: read them, never write, before searching again.
 */
export interface Matches {
  ids: Int32Array;
  rank: Float64Array | null;
  /** The same products as a bit set by id, when the index holds one (a frequent term's). */
  bits?: Bits;
}

const NAME_WEIGHT = 10;
const DESCRIPTION_WEIGHT = 1;
/** bm25's term-frequency saturation. */
const K1 = 1.2;
/** Scores are ranked at this precision, then by id (they are packed into one sortable number). */
const SCORE_STEPS = 1_000_000;
const ID_SPAN = 2 ** 31;
const STAMP_LIMIT = 2 ** 30;

export interface SearchableText {
  id: number;
  names: string[];
  descriptions: string[];
}

/** Each term of a product's text with its weight (10 a use in a name, 1 in a description). */
function termWeights({ names, descriptions }: SearchableText): Map<string, number> {
  const weights = new Map<string, number>();
  const count = (texts: string[], weight: number) => {
    for (const text of texts)
      for (const word of foldedWords(text)) weights.set(word, (weights.get(word) ?? 0) + weight);
  };
  count(names, NAME_WEIGHT);
  count(descriptions, DESCRIPTION_WEIGHT);
  return weights;
}

/** Sorted terms, their postings (ids and weights) and their one-letter deletion neighbourhoods. */
interface Postings {
  terms: string[];
  /** Postings of terms[i] are ids/weights[start[i] .. start[i + 1]). */
  start: Uint32Array;
  ids: Int32Array;
  weights: Float32Array;
  /**
   * A term's postings in runs of one weight, each run in id order (best first is by weight,
   * then id): runs of terms[i] begin at runStart[firstRun[i] .. firstRun[i + 1]), the last ending
   * at start[i + 1]. Most terms weigh the same in every product: one run.
   */
  firstRun: Uint32Array;
  runStart: Uint32Array;
  /** The products of each frequent term (a bit per product id), by term number. */
  frequent: Map<number, Bits>;
  /** Term numbers under each term itself and each of its one-letter deletions. */
  neighbours: Map<string, number[]>;
}

/** A run of terms [from, to) of one set of postings. */
interface Run {
  of: Postings;
  from: number;
  to: number;
}

/** Postings gathered per chunk: growing never copies what is gathered. */
const CHUNK = 1 << 20;

/**
 * Postings gathered product by product, in typed arrays: each posting's term number and
 * frequency, and where each product's postings begin. A JavaScript array of numbers per term
 * held more than twice the bytes, beside the laid-out arrays, at the build's peak.
 */
class GatheredPostings {
  readonly terms: string[] = [];
  private readonly numbers = new Map<string, number>();
  counts = new Int32Array(1_024);
  /** Per posting, in the order gathered: its term's number and its term frequency. */
  termChunks: Int32Array[] = [];
  frequencyChunks: Int32Array[] = [];
  size = 0;
  /** Per product gathered, in order: its id and its first posting. */
  productIds = new Int32Array(1_024);
  productStart = new Uint32Array(1_025);
  products = 0;
  highestId = 0;

  add(id: number, frequencies: Map<string, number>): void {
    if (this.products + 1 >= this.productIds.length) {
      this.productIds = grown(this.productIds);
      this.productStart = grown(this.productStart);
    }
    this.productIds[this.products] = id;
    this.productStart[this.products] = this.size;
    for (const [term, frequency] of frequencies) {
      let number = this.numbers.get(term);
      if (number === undefined) {
        number = this.terms.length;
        this.numbers.set(term, number);
        this.terms.push(term);
        if (number >= this.counts.length) this.counts = grown(this.counts);
      }
      this.counts[number] = (this.counts[number] ?? 0) + 1;
      const chunk = Math.floor(this.size / CHUNK);
      if (chunk === this.termChunks.length) {
        this.termChunks.push(new Int32Array(CHUNK));
        this.frequencyChunks.push(new Int32Array(CHUNK));
      }
      (this.termChunks[chunk] as Int32Array)[this.size % CHUNK] = number;
      (this.frequencyChunks[chunk] as Int32Array)[this.size % CHUNK] = frequency;
      this.size++;
    }
    this.products++;
    this.productStart[this.products] = this.size;
    this.highestId = Math.max(this.highestId, id);
  }
}

function grown<T extends Int32Array | Uint32Array>(array: T): T {
  const bigger = new (array.constructor as new (length: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}

/**
 * Lays out `gathered` (emptying it as it goes), weighting each posting by bm25's saturation
 * times the term's rarity among `products`: by default the share of the gathered products that
 * hold the term, or `frequency`'s count instead. A term with at least `frequentAt` postings
 * also gets a bit set of its products.
 */
function laidOut(
  gathered: GatheredPostings,
  products: number,
  frequentAt: number,
  frequency?: (term: string) => number,
): Postings {
  const termCount = gathered.terms.length;
  const byName = Array.from({ length: termCount }, (_, i) => i).sort((a, b) => {
    const [x, y] = [gathered.terms[a] ?? '', gathered.terms[b] ?? ''];
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const terms = byName.map((i) => gathered.terms[i] ?? '');
  /** Each gathered term number's place in `terms`. */
  const placeOf = new Int32Array(termCount);
  const start = new Uint32Array(termCount + 1);
  const idf = new Float64Array(termCount);
  let total = 0;
  byName.forEach((number, i) => {
    placeOf[number] = i;
    start[i] = total;
    const n = gathered.counts[number] ?? 0;
    total += n;
    const df = frequency ? frequency(terms[i] ?? '') : n;
    idf[i] = Math.log(1 + (products - df + 0.5) / (df + 0.5));
  });
  start[termCount] = total;
  const ids = new Int32Array(total);
  const weights = new Float32Array(total);
  // Each term's postings in the order gathered; a chunk is dropped once placed.
  const next = start.slice(0, termCount);
  for (let p = 0, posting = 0; p < gathered.products; p++) {
    const id = gathered.productIds[p] ?? 0;
    for (const end = gathered.productStart[p + 1] ?? 0; posting < end; posting++) {
      const chunk = Math.floor(posting / CHUNK);
      const i = placeOf[(gathered.termChunks[chunk] as Int32Array)[posting % CHUNK] ?? 0] ?? 0;
      const tf = (gathered.frequencyChunks[chunk] as Int32Array)[posting % CHUNK] ?? 0;
      const at = next[i] ?? 0;
      next[i] = at + 1;
      ids[at] = id;
      // Stored as a float, and ranked as a search ranks it: from the stored value.
      weights[at] = Math.fround(((tf * (K1 + 1)) / (tf + K1)) * (idf[i] ?? 0));
      if (posting % CHUNK === CHUNK - 1) {
        gathered.termChunks[chunk] = new Int32Array(0);
        gathered.frequencyChunks[chunk] = new Int32Array(0);
      }
    }
  }
  gathered.termChunks = [];
  gathered.frequencyChunks = [];
  bestFirst(ids, weights, start, gathered.highestId);

  const firstRun = new Uint32Array(termCount + 1);
  const runStarts: number[] = [];
  const frequent = new Map<number, Bits>();
  for (let i = 0; i < termCount; i++) {
    firstRun[i] = runStarts.length;
    const [from, to] = [start[i] ?? 0, start[i + 1] ?? 0];
    for (let at = from; at < to; at++)
      if (at === from || weights[at] !== weights[at - 1]) runStarts.push(at);
    if (to - from >= frequentAt) {
      const bits = emptyBits(gathered.highestId);
      for (let at = from; at < to; at++) setBit(bits, ids[at] ?? 0);
      frequent.set(i, bits);
    }
  }
  firstRun[termCount] = runStarts.length;

  const neighbours = new Map<string, number[]>();
  terms.forEach((term, i) => {
    for (const key of new Set([term, ...deletions(term)])) {
      const list = neighbours.get(key);
      if (list) list.push(i);
      else neighbours.set(key, [i]);
    }
  });
  return {
    terms,
    start,
    ids,
    weights,
    firstRun,
    runStart: Uint32Array.from(runStarts),
    frequent,
    neighbours,
  };
}

/**
 * Puts each term's postings (gathered in id order) best first: by the rank a search of that
 * term alone gives. Most terms weigh the same in every product and are in that order already.
 */
function bestFirst(ids: Int32Array, weights: Float32Array, start: Uint32Array, highestId: number) {
  let keys = new Float64Array(0);
  let weightOf: Float32Array | undefined;
  for (let i = 0; i + 1 < start.length; i++) {
    const [from, to] = [start[i] ?? 0, start[i + 1] ?? 0];
    let inOrder = true;
    for (let at = from + 1; at < to && inOrder; at++)
      inOrder =
        rankOf(weights[at - 1] ?? 0, ids[at - 1] ?? 0) < rankOf(weights[at] ?? 0, ids[at] ?? 0);
    if (inOrder) continue;
    if (keys.length < to - from) keys = new Float64Array(to - from);
    weightOf ??= new Float32Array(highestId + 1);
    const termKeys = keys.subarray(0, to - from);
    for (let at = from; at < to; at++) {
      const id = ids[at] ?? 0;
      weightOf[id] = weights[at] ?? 0;
      termKeys[at - from] = rankOf(weights[at] ?? 0, id);
    }
    termKeys.sort();
    for (let at = from; at < to; at++) {
      const id = (termKeys[at - from] ?? 0) % ID_SPAN;
      ids[at] = id;
      weights[at] = weightOf[id] ?? 0;
    }
  }
}

/**
 * Copies into `matched` the postings (ids and weights) every one of `others` has (and `edited`,
 * when given, does not), in their order; returns how many. Apart from the search so the loop is compiled alone.
 */
function walkAgainst(
  postings: { ids: Int32Array; weights: Float32Array },
  others: Bits[],
  edited: Uint8Array | undefined,
  matched: { ids: Int32Array; weights: Float64Array },
): number {
  let count = 0;
  const [first, rest] = [others[0] ?? new Uint32Array(0), others.slice(1)];
  for (let at = 0; at < postings.ids.length; at++) {
    const id = postings.ids[at] ?? 0;
    const word = id >>> 5;
    const bit = 1 << (id & 31);
    if (((first[word] ?? 0) & bit) === 0 || edited?.[id] === 1) continue;
    let inAll = true;
    for (let o = 0; o < rest.length && inAll; o++) inAll = ((rest[o]?.[word] ?? 0) & bit) !== 0;
    if (!inAll) continue;
    matched.ids[count] = id;
    matched.weights[count++] = postings.weights[at] ?? 0;
  }
  return count;
}

/** A match's rank from its score: best score first, then lowest id (one sortable number). */
function rankOf(score: number, id: number): number {
  const steps = Math.min(SCORE_STEPS, Math.round(score * 1_000));
  return (SCORE_STEPS - steps) * ID_SPAN + id;
}

/**
 * A term is frequent, and gets a bit set of its products, from this share of the products: the
 * set then costs about two bytes a posting (a quarter of its ids and weights) or less.
 */
const FREQUENT_SHARE = 64;

/**
 * The recent tier of edited products holds at most this many before it is folded into the
 * settled tier: an update lays out the recent tier again (a few milliseconds at most), and the
 * settled tier, however many products an import brought, only once per this many edits.
 */
const RECENT_LIMIT = 512;

/**
 * Ids up to `capacity` can be searched, including those of products added in place later;
 * `recentLimit` is for tests that fold the overlay's tiers often.
 */
export function searchIndexBuilder(capacity: number, recentLimit = RECENT_LIMIT) {
  const gathered = new GatheredPostings();

  return {
    add(text: SearchableText): void {
      gathered.add(text.id, termWeights(text));
    },

    finish(): SearchIndex {
      const products = gathered.products;
      const built = laidOut(gathered, products, Math.max(2, products / FREQUENT_SHARE));
      /** Products whose built postings no longer count: edited or gone since the build. */
      const edited = new Uint8Array(capacity + 1);
      let editedCount = 0;
      /**
       * The edited products still shown, each with its terms' frequencies, in two tiers. A
       * product edited again leaves the settled tier for the recent one: its settled postings
       * stop counting (`settledGone`) until the settled tier is laid out again.
       */
      const settledTexts = new Map<number, Map<string, number>>();
      const recentTexts = new Map<number, Map<string, number>>();
      const settledGone = new Uint8Array(capacity + 1);
      let settledGoneCount = 0;
      // An edited product is weighed with the build's rarity, whichever tier holds it, so how
      // the edits are split between the tiers never changes a rank.
      const overlayOf = (texts: Map<number, Map<string, number>>) => {
        const gathered = new GatheredPostings();
        for (const [id, weights] of texts) gathered.add(id, weights);
        return laidOut(gathered, products, Infinity, builtFrequency);
      };
      let settled = overlayOf(settledTexts);
      let recent = overlayOf(recentTexts);

      /** Products whose postings in `of` no longer count, if any. */
      function goneIn(of: Postings): Uint8Array | undefined {
        if (of === built) return editedCount > 0 ? edited : undefined;
        if (of === settled) return settledGoneCount > 0 ? settledGone : undefined;
        return undefined;
      }

      // Reused by every search (one runs at a time: searching is synchronous).
      const mark = new Int32Array(capacity + 1);
      const score = new Float64Array(capacity + 1);
      let stamp = 0;
      // A product matches once per search, so the matches fit in one slot per id.
      const matchedIds = new Int32Array(capacity + 1);
      const ranks = new Float64Array(capacity + 1);
      /** Bit sets of a search's words that have none of their own, cleared after each search. */
      const scratchBits: Bits[] = [];

      /** The runs of terms a word matches as a prefix, built and edited. */
      function prefixRuns(word: string): Run[] {
        return [built, settled, recent].map((of) => ({
          of,
          from: lowerBound(of.terms, word),
          to: lowerBound(of.terms, `${word}\uffff`),
        }));
      }

      function corrections(word: string): Run[] {
        if (word.length < MIN_CORRECTABLE_LENGTH) return [];
        const found: Run[] = [];
        for (const of of [built, settled, recent]) {
          const terms = new Set<number>();
          for (const key of [word, ...deletions(word)])
            for (const i of of.neighbours.get(key) ?? [])
              if (of.terms[i] !== word && withinOneEdit(of.terms[i] ?? '', word)) terms.add(i);
          for (const i of terms) found.push({ of, from: i, to: i + 1 });
        }
        return found;
      }

      /**
       * Products having a term of every word's runs, with their summed weights in `score`.
       * `mark` holds, per product, the stamp of the last word it matched: a product still in
       * the running for word k has the stamp of word k - 1. The last word's pass collects the
       * matches as they reach its stamp, so each is collected once.
       */
      function matchAll(runs: Run[][]): Matches {
        if (runs.length === 0) return { ids: matchedIds.subarray(0, 0), rank: null };
        // Stamps only grow; start again from zero long before they would overflow.
        if (stamp > STAMP_LIMIT) {
          mark.fill(0);
          stamp = 0;
        }
        const base = stamp + 1;
        stamp += runs.length + 1;
        const lastWord = runs.length - 1;
        let count = 0;
        for (let k = 0; k < runs.length; k++) {
          const current = base + k;
          for (const { of, from, to } of runs[k] ?? []) {
            const { ids, weights } = of;
            const gone = goneIn(of);
            for (let at = of.start[from] ?? 0, end = of.start[to] ?? 0; at < end; at++) {
              const id = ids[at] ?? 0;
              if (gone?.[id] === 1) continue;
              const w = weights[at] ?? 0;
              const seen = mark[id] ?? 0;
              if (seen === current) score[id] = (score[id] ?? 0) + w;
              else if (k === 0 || seen === current - 1) {
                mark[id] = current;
                score[id] = (k === 0 ? 0 : (score[id] ?? 0)) + w;
                if (k === lastWord) matchedIds[count++] = id;
              }
            }
          }
        }
        for (let i = 0; i < count; i++) {
          const id = matchedIds[i] ?? 0;
          ranks[i] = rankOf(score[id] ?? 0, id);
        }
        return { ids: matchedIds.subarray(0, count), rank: ranks.subarray(0, count) };
      }

      /** The one term a word's runs hold, if they hold exactly one. */
      function onlyTerm(runs: Run[]): Run | undefined {
        const holding = runs.filter(({ from, to }) => to > from);
        const only = holding[0];
        return holding.length === 1 && only && only.to - only.from === 1 ? only : undefined;
      }

      /** The built terms a word's runs hold, if they hold no others (one run of terms). */
      function builtOnly(runs: Run[]): Run | undefined {
        const holding = runs.filter(({ from, to }) => to > from);
        const only = holding[0];
        return holding.length === 1 && only?.of === built ? only : undefined;
      }

      /**
       * A word's matches when its runs hold a single term: that term's postings, laid out best
       * first, less the products edited since they were laid out.
       */
      function singleTerm({ of, from }: Run): Matches {
        const postings = of.ids.subarray(of.start[from] ?? 0, of.start[from + 1] ?? 0);
        const gone = goneIn(of);
        if (!gone) return { ids: postings, rank: null, bits: of.frequent.get(from) };
        let count = 0;
        for (const id of postings) if (gone[id] !== 1) matchedIds[count++] = id;
        return { ids: matchedIds.subarray(0, count), rank: null };
      }

      /**
       * A built term's weight in a product, undefined when the product lacks it: its bit when
       * the term is frequent, then a binary search of each of the term's runs of one weight.
       */
      function weightIn(term: number, id: number): number | undefined {
        const { ids, weights, start, firstRun, runStart } = built;
        const [first, last] = [firstRun[term] ?? 0, firstRun[term + 1] ?? 0];
        const bits = built.frequent.get(term);
        if (bits) {
          if (!hasBit(bits, id)) return undefined;
          if (last - first === 1) return weights[runStart[first] ?? 0] ?? 0;
        }
        for (let run = first; run < last; run++) {
          let lo = runStart[run] ?? 0;
          let hi = run + 1 < last ? (runStart[run + 1] ?? 0) : (start[term + 1] ?? 0);
          while (lo < hi) {
            const mid = (lo + hi) >>> 1;
            if ((ids[mid] ?? 0) < id) lo = mid + 1;
            else hi = mid;
          }
          if (ids[lo] === id && lo < (start[term + 1] ?? 0)) return weights[lo] ?? 0;
        }
        return undefined;
      }

      /**
       * A built term's weight in products asked for by rising id (starting again when an id is
       * lower than the last): a cursor per run of one weight moves forward only, so reading a
       * term of several weights costs one pass over its postings, not a search per product.
       */
      function along(term: number): (id: number) => number | undefined {
        const { ids, weights, start, firstRun, runStart } = built;
        const [first, last] = [firstRun[term] ?? 0, firstRun[term + 1] ?? 0];
        const starts = runStart.slice(first, last);
        const ends = Uint32Array.from(starts, (_, r) =>
          first + r + 1 < last ? (runStart[first + r + 1] ?? 0) : (start[term + 1] ?? 0),
        );
        const cursors = starts.slice();
        const bits = built.frequent.get(term);
        let lastId = -1;
        return (id) => {
          if (bits && !hasBit(bits, id)) return undefined;
          if (id < lastId) cursors.set(starts);
          lastId = id;
          for (let r = 0; r < cursors.length; r++) {
            let at = cursors[r] ?? 0;
            const end = ends[r] ?? 0;
            while (at < end && (ids[at] ?? 0) < id) at++;
            cursors[r] = at;
            if (at < end && ids[at] === id) return weights[at] ?? 0;
          }
          return undefined;
        };
      }

      /**
       * Words of built terms only, one of them a single term: the rarest such word's postings
       * are walked, and a product matches when every other word's bit set has it (a frequent
       * term's own set; for a word of several terms or a rarer one, a set made for this search
       * from its terms' sets and postings, cleared after). Its score is its terms' weights
       * summed in the words' and terms' order, as `matchAll` sums them, so ranks and totals are
       * the same; when every word is one term weighing the same in all its products, the
       * matches come in rank order (id order).
       */
      function intersect(words: Run[]): Matches {
        const { ids, start, firstRun } = built;
        const size = ({ from, to }: Run) => (start[to] ?? 0) - (start[from] ?? 0);
        let walked = -1;
        words.forEach((word, k) => {
          const best = words[walked];
          if (word.to - word.from === 1 && (!best || size(word) < size(best))) walked = k;
        });
        const runsOf = (term: number) => (firstRun[term + 1] ?? 0) - (firstRun[term] ?? 0);
        const others: Bits[] = [];
        const made: Run[] = [];
        words.forEach((word, k) => {
          const own = word.to - word.from === 1 ? built.frequent.get(word.from) : undefined;
          if (k === walked) return;
          if (own) return others.push(own);
          const bits = (scratchBits[made.length] ??= emptyBits(capacity));
          made.push(word);
          for (let term = word.from; term < word.to; term++) {
            const held = built.frequent.get(term);
            if (held)
              for (let w = 0; w < held.length; w++) bits[w] = (bits[w] ?? 0) | (held[w] ?? 0);
            else
              for (let at = start[term] ?? 0, end = start[term + 1] ?? 0; at < end; at++)
                setBit(bits, ids[at] ?? 0);
          }
          others.push(bits);
        });
        const walkedTerm = words[walked]?.from ?? 0;
        const [from, to] = [start[walkedTerm] ?? 0, start[walkedTerm + 1] ?? 0];
        const count = walkAgainst(
          { ids: ids.subarray(from, to), weights: built.weights.subarray(from, to) },
          others,
          editedCount > 0 ? edited : undefined,
          { ids: matchedIds, weights: score },
        );
        made.forEach((word, slot) => {
          const bits = scratchBits[slot] ?? emptyBits(0);
          for (let term = word.from; term < word.to; term++) {
            if (built.frequent.has(term)) return bits.fill(0);
            for (let at = start[term] ?? 0, end = start[term + 1] ?? 0; at < end; at++)
              bits[(ids[at] ?? 0) >>> 5] = 0;
          }
        });
        const oneWeight = words.every(({ from, to }) => to - from === 1 && runsOf(from) === 1);
        if (oneWeight) return { ids: matchedIds.subarray(0, count), rank: null };
        // Each other word's terms' weights, read in the walk's order.
        const lookups = words.map(({ from, to }, k) =>
          k === walked
            ? []
            : Array.from({ length: to - from }, (_, t) =>
                runsOf(from + t) > 1 ? along(from + t) : (id: number) => weightIn(from + t, id),
              ),
        );
        for (let i = 0; i < count; i++) {
          const id = matchedIds[i] ?? 0;
          let sum = 0;
          for (let k = 0; k < words.length; k++) {
            if (k === walked) sum += score[i] ?? 0;
            else for (const weightOf of lookups[k] ?? []) sum += weightOf(id) ?? 0;
          }
          ranks[i] = rankOf(sum, id);
        }
        return { ids: matchedIds.subarray(0, count), rank: ranks.subarray(0, count) };
      }

      /**
       * The matches of every word's runs: a word of one term from its postings as laid out,
       * words of built terms with one of a single term by walking the rarest such, the rest
       * (a word's terms edited since the build, or several words of several terms each) by
       * `matchAll`.
       */
      function matchesOf(runs: Run[][]): Matches {
        if (runs.length === 1) {
          const only = onlyTerm(runs[0] ?? []);
          if (only) return singleTerm(only);
        }
        const words = runs.map(builtOnly);
        if (
          runs.length > 1 &&
          words.every((word) => word !== undefined) &&
          words.some((word) => word.to - word.from === 1)
        )
          return intersect(words);
        return matchAll(runs);
      }

      /** How many built postings a term has (edited products' included: a rarity estimate). */
      function builtFrequency(term: string): number {
        const i = lowerBound(built.terms, term);
        return built.terms[i] === term ? (built.start[i + 1] ?? 0) - (built.start[i] ?? 0) : 0;
      }

      return {
        search(words) {
          const prefixed = matchesOf(words.map((w) => prefixRuns(w)));
          if (prefixed.ids.length > 0 || words.length === 0) return prefixed;
          const corrected = words.map((w) => corrections(w));
          if (corrected.every((c) => c.length === 0)) return prefixed;
          return matchesOf(words.map((w, i) => [...prefixRuns(w), ...(corrected[i] ?? [])]));
        },

        update(changedIds, texts) {
          for (const id of changedIds) {
            if (edited[id] !== 1) editedCount++;
            edited[id] = 1;
            if (settledTexts.delete(id)) {
              settledGone[id] = 1;
              settledGoneCount++;
            }
            recentTexts.delete(id);
          }
          for (const text of texts) recentTexts.set(text.id, termWeights(text));
          if (recentTexts.size > recentLimit) {
            for (const [id, weights] of recentTexts) settledTexts.set(id, weights);
            recentTexts.clear();
            settled = overlayOf(settledTexts);
            settledGone.fill(0);
            settledGoneCount = 0;
          }
          recent = overlayOf(recentTexts);
        },

        overlaySize: () => settledTexts.size + recentTexts.size,
      };
    },
  };
}

/** The word with each one letter left out (UTF-16 units, as withinOneEdit compares them). */
function deletions(word: string): string[] {
  return Array.from({ length: word.length }, (_, i) => word.slice(0, i) + word.slice(i + 1));
}

/** The first position in sorted `items` not below `value`. */
function lowerBound(items: string[], value: string): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((items[mid] ?? '') < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
