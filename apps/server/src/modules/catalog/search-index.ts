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
   * counting, and the given texts (the products still shown) are searched from a small overlay
   * beside the built terms, rebuilt from the edited products alone.
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
  /** Term numbers under each term itself and each of its one-letter deletions. */
  neighbours: Map<string, number[]>;
}

/** A run of terms [from, to) of one set of postings. */
interface Run {
  of: Postings;
  from: number;
  to: number;
}

/**
 * Lays out `postings` (term → [id, term frequency, …]), weighting each by bm25's saturation
 * times the term's rarity among `products`; `frequency` adds what other postings hold of a term.
 */
function laidOut(
  postings: Map<string, number[]>,
  products: number,
  frequency: (term: string) => number = () => 0,
): Postings {
  const terms = [...postings.keys()].sort();
  const start = new Uint32Array(terms.length + 1);
  let total = 0;
  terms.forEach((term, i) => {
    start[i] = total;
    total += (postings.get(term)?.length ?? 0) / 2;
  });
  start[terms.length] = total;
  const ids = new Int32Array(total);
  const weights = new Float32Array(total);
  // Scratch for laying a term's postings out best first: each posting's key and weight, and
  // (for a term whose postings are not in that order already) the weights by id.
  let keys = new Float64Array(0);
  let termWeights = new Float32Array(0);
  let weightOf: Float32Array | undefined;
  terms.forEach((term, i) => {
    const list = postings.get(term) ?? [];
    const n = list.length / 2;
    const df = n + frequency(term);
    const idf = Math.log(1 + (products - df + 0.5) / (df + 0.5));
    if (keys.length < n) {
      keys = new Float64Array(n);
      termWeights = new Float32Array(n);
    }
    const termKeys = keys.subarray(0, n);
    let inOrder = true;
    for (let p = 0; p < n; p++) {
      const tf = list[2 * p + 1] ?? 0;
      // Stored as a float, and ranked as a search ranks it: from the stored value.
      const weight = Math.fround(((tf * (K1 + 1)) / (tf + K1)) * idf);
      termWeights[p] = weight;
      termKeys[p] = rankOf(weight, list[2 * p] ?? 0);
      if (p > 0 && (termKeys[p] ?? 0) < (termKeys[p - 1] ?? 0)) inOrder = false;
    }
    const at = start[i] ?? 0;
    // Most terms weigh the same in every product that has them, and come in id order already.
    if (inOrder) {
      for (let p = 0; p < n; p++) {
        ids[at + p] = list[2 * p] ?? 0;
        weights[at + p] = termWeights[p] ?? 0;
      }
      return;
    }
    weightOf ??= new Float32Array(highestId(postings) + 1);
    for (let p = 0; p < n; p++) weightOf[list[2 * p] ?? 0] = termWeights[p] ?? 0;
    termKeys.sort();
    for (let p = 0; p < n; p++) {
      const id = (termKeys[p] ?? 0) % ID_SPAN;
      ids[at + p] = id;
      weights[at + p] = weightOf[id] ?? 0;
    }
  });
  const neighbours = new Map<string, number[]>();
  terms.forEach((term, i) => {
    for (const key of new Set([term, ...deletions(term)])) {
      const list = neighbours.get(key);
      if (list) list.push(i);
      else neighbours.set(key, [i]);
    }
  });
  return { terms, start, ids, weights, neighbours };
}

/** The highest product id among `postings` (term → [id, tf, id, tf, …]). */
function highestId(postings: Map<string, number[]>): number {
  let highest = 0;
  for (const list of postings.values())
    for (let p = 0; p < list.length; p += 2) highest = Math.max(highest, list[p] ?? 0);
  return highest;
}

/** A match's rank from its score: best score first, then lowest id (one sortable number). */
function rankOf(score: number, id: number): number {
  const steps = Math.min(SCORE_STEPS, Math.round(score * 1_000));
  return (SCORE_STEPS - steps) * ID_SPAN + id;
}

/** Ids up to `capacity` can be searched, including those of products added in place later. */
export function searchIndexBuilder(capacity: number) {
  /** term → [product id, weight, product id, weight, …] in the order products were added. */
  const postings = new Map<string, number[]>();
  let products = 0;

  return {
    add(text: SearchableText): void {
      for (const [term, weight] of termWeights(text)) {
        let list = postings.get(term);
        if (!list) postings.set(term, (list = []));
        list.push(text.id, weight);
      }
      products++;
    },

    finish(): SearchIndex {
      const built = laidOut(postings, products);
      postings.clear();
      /** Products whose built postings no longer count: edited or gone since the build. */
      const edited = new Uint8Array(capacity + 1);
      let editedCount = 0;
      /** The edited products still shown, each with its terms' frequencies. */
      const overlayTexts = new Map<number, Map<string, number>>();
      let overlay = laidOut(new Map(), products);

      // Reused by every search (one runs at a time: searching is synchronous).
      const mark = new Int32Array(capacity + 1);
      const score = new Float64Array(capacity + 1);
      let stamp = 0;
      // A product matches once per search, so the matches fit in one slot per id.
      const matchedIds = new Int32Array(capacity + 1);
      const ranks = new Float64Array(capacity + 1);

      /** The runs of terms a word matches as a prefix, built and edited. */
      function prefixRuns(word: string): Run[] {
        return [built, overlay].map((of) => ({
          of,
          from: lowerBound(of.terms, word),
          to: lowerBound(of.terms, `${word}\uffff`),
        }));
      }

      function corrections(word: string): Run[] {
        if (word.length < MIN_CORRECTABLE_LENGTH) return [];
        const found: Run[] = [];
        for (const of of [built, overlay]) {
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
            const skipEdited = of === built && editedCount > 0;
            for (let at = of.start[from] ?? 0, end = of.start[to] ?? 0; at < end; at++) {
              const id = ids[at] ?? 0;
              if (skipEdited && edited[id] === 1) continue;
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

      /**
       * A word's matches when its runs hold a single term: that term's postings, laid out best
       * first, less the products edited since the build (undefined when the runs hold more).
       */
      function singleTerm(runs: Run[]): Matches | undefined {
        const holding = runs.filter(({ from, to }) => to > from);
        const only = holding[0];
        if (holding.length !== 1 || !only || only.to - only.from !== 1) return undefined;
        const { of, from } = only;
        const postings = of.ids.subarray(of.start[from] ?? 0, of.start[from + 1] ?? 0);
        if (of !== built || editedCount === 0) return { ids: postings, rank: null };
        let count = 0;
        for (const id of postings) if (edited[id] !== 1) matchedIds[count++] = id;
        return { ids: matchedIds.subarray(0, count), rank: null };
      }

      /** The matches of every word's runs: one word of one term from its postings as laid out. */
      function matchesOf(runs: Run[][]): Matches {
        return (runs.length === 1 && singleTerm(runs[0] ?? [])) || matchAll(runs);
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
            overlayTexts.delete(id);
          }
          for (const text of texts) overlayTexts.set(text.id, termWeights(text));
          const overlayPostings = new Map<string, number[]>();
          for (const [id, weights] of overlayTexts)
            for (const [term, weight] of weights) {
              let list = overlayPostings.get(term);
              if (!list) overlayPostings.set(term, (list = []));
              list.push(id, weight);
            }
          // Rarity counts the built postings too, so an edited product ranks as a built one.
          overlay = laidOut(overlayPostings, products, builtFrequency);
        },

        overlaySize: () => overlayTexts.size,
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
