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
 * - When no product matches, each word of four letters or more may instead be a term one edit
 *   away (a letter added, dropped, replaced or two swapped), found through the terms' deletion
 *   neighbourhoods (SymSpell): every term is listed under itself and each of its one-letter
 *   deletions, so a word's corrections are under the word or one of its deletions.
 */
export interface SearchIndex {
  /** The products matching `words`, in no order, each with its relevance rank. */
  search(words: string[]): Matches;
}

/**
 * A search's matches: `ids[i]` with `rank[i]`, lower ranking first (best score, then lowest
 * id; no two alike). Views over arrays the next search reuses: read them before searching again.
 */
export interface Matches {
  ids: Int32Array;
  rank: Float64Array;
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

export function searchIndexBuilder() {
  /** term → [product id, weight, product id, weight, …] in the order products were added. */
  const postings = new Map<string, number[]>();
  let products = 0;
  let maxId = 0;

  function count(into: Map<string, number>, texts: string[], weight: number) {
    for (const text of texts)
      for (const word of foldedWords(text)) into.set(word, (into.get(word) ?? 0) + weight);
  }

  return {
    add({ id, names, descriptions }: SearchableText): void {
      const weights = new Map<string, number>();
      count(weights, names, NAME_WEIGHT);
      count(weights, descriptions, DESCRIPTION_WEIGHT);
      for (const [term, weight] of weights) {
        let list = postings.get(term);
        if (!list) postings.set(term, (list = []));
        list.push(id, weight);
      }
      products++;
      maxId = Math.max(maxId, id);
    },

    finish(): SearchIndex {
      const terms = [...postings.keys()].sort();
      /** Postings of terms[i] are ids/weights[start[i] .. start[i + 1]). */
      const start = new Uint32Array(terms.length + 1);
      let total = 0;
      terms.forEach((term, i) => {
        start[i] = total;
        total += (postings.get(term)?.length ?? 0) / 2;
      });
      start[terms.length] = total;
      const ids = new Int32Array(total);
      const weights = new Float32Array(total);
      terms.forEach((term, i) => {
        const list = postings.get(term) ?? [];
        const idf = Math.log(1 + (products - list.length / 2 + 0.5) / (list.length / 2 + 0.5));
        for (let p = 0, at = start[i] ?? 0; p < list.length; p += 2, at++) {
          const tf = list[p + 1] ?? 0;
          ids[at] = list[p] ?? 0;
          weights[at] = ((tf * (K1 + 1)) / (tf + K1)) * idf;
        }
      });
      postings.clear();

      /** Term numbers under each term itself and each of its one-letter deletions. */
      const neighbours = new Map<string, number[]>();
      terms.forEach((term, i) => {
        for (const key of new Set([term, ...deletions(term)])) {
          const list = neighbours.get(key);
          if (list) list.push(i);
          else neighbours.set(key, [i]);
        }
      });

      // Reused by every search (one runs at a time: searching is synchronous).
      const mark = new Int32Array(maxId + 1);
      const score = new Float64Array(maxId + 1);
      let stamp = 0;
      // A product matches once per search, so the matches fit in one slot per id.
      const matchedIds = new Int32Array(maxId + 1);
      const ranks = new Float64Array(maxId + 1);

      /** [from, to) runs of terms a word matches as a prefix. */
      function prefixRun(word: string): [number, number] {
        return [lowerBound(terms, word), lowerBound(terms, `${word}\uffff`)];
      }

      function corrections(word: string): number[] {
        if (word.length < MIN_CORRECTABLE_LENGTH) return [];
        const found = new Set<number>();
        for (const key of [word, ...deletions(word)])
          for (const i of neighbours.get(key) ?? [])
            if (terms[i] !== word && withinOneEdit(terms[i] ?? '', word)) found.add(i);
        return [...found];
      }

      /**
       * Products having a term of every word's runs, with their summed weights in `score`.
       * `mark` holds, per product, the stamp of the last word it matched: a product still in
       * the running for word k has the stamp of word k - 1.
       */
      function matchAll(runs: [number, number][][]): Matches {
        if (runs.length === 0)
          return { ids: matchedIds.subarray(0, 0), rank: ranks.subarray(0, 0) };
        // Stamps only grow; start again from zero long before they would overflow.
        if (stamp > STAMP_LIMIT) {
          mark.fill(0);
          stamp = 0;
        }
        const base = stamp + 1;
        stamp += runs.length + 1;
        for (let k = 0; k < runs.length; k++) {
          const current = base + k;
          for (const [from, to] of runs[k] ?? [])
            for (let at = start[from] ?? 0, end = start[to] ?? 0; at < end; at++) {
              const id = ids[at] ?? 0;
              const seen = mark[id] ?? 0;
              const w = weights[at] ?? 0;
              if (seen === current) score[id] = (score[id] ?? 0) + w;
              else if (k === 0 || seen === current - 1) {
                mark[id] = current;
                score[id] = (k === 0 ? 0 : (score[id] ?? 0)) + w;
              }
            }
        }
        const last = base + runs.length - 1;
        // Collect from the last word's postings; marking them collected keeps each once.
        let count = 0;
        for (const [from, to] of runs.at(-1) ?? [])
          for (let at = start[from] ?? 0, end = start[to] ?? 0; at < end; at++) {
            const id = ids[at] ?? 0;
            if (mark[id] !== last) continue;
            mark[id] = last + 1;
            // Best first, then by id: one number ranks by both.
            const steps = Math.min(SCORE_STEPS, Math.round((score[id] ?? 0) * 1_000));
            matchedIds[count] = id;
            ranks[count++] = (SCORE_STEPS - steps) * ID_SPAN + id;
          }
        return { ids: matchedIds.subarray(0, count), rank: ranks.subarray(0, count) };
      }

      return {
        search(words) {
          const prefixed = matchAll(words.map((w) => [prefixRun(w)]));
          if (prefixed.ids.length > 0 || words.length === 0) return prefixed;
          const corrected = words.map((w) => corrections(w));
          if (corrected.every((c) => c.length === 0)) return prefixed;
          return matchAll(
            words.map((w, i) => [
              prefixRun(w),
              ...(corrected[i] ?? []).map((t): [number, number] => [t, t + 1]),
            ]),
          );
        },
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
