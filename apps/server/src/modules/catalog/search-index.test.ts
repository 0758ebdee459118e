import { describe, expect, it } from 'vitest';
import { searchIndexBuilder, type Matches, type SearchableText } from './search-index';
import { foldedWords, searchWords, withinOneEdit } from './search-text';

/**
 * The text index against a plain model of the ranking it documents: each word matches the terms
 * it prefixes (else, when nothing matches, also those one edit away), a term weighs 10 a use in
 * a name and 1 in a description, saturated (k1 = 1.2) times its rarity, and products rank by
 * their summed weight at a thousandth's precision, then by id. Products edited after the build
 * are weighed with the build's rarity: a term's rarity changes only when the index is built.
 */
const K1 = 1.2;
const VOCABULARY = [
  'head',
  'headphones',
  'headset',
  'heads',
  'wireless',
  'wired',
  'wire',
  'studio',
  'classic',
  'speaker',
  'speakers',
  'lamp',
  'café',
  'cafe',
  'سماعة',
  'سماعات',
  'لاسلكية',
  'مكتبة',
  'أحمر',
];
const CAPACITY = 400;

function random(seed: number) {
  return () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
}

function textsOf(count: number, next: () => number, firstId = 1): SearchableText[] {
  const pick = () => VOCABULARY[Math.floor(next() * VOCABULARY.length)] ?? '';
  const phrase = (words: number) => Array.from({ length: words }, pick).join(' ');
  return Array.from({ length: count }, (_, i) => ({
    id: firstId + i * 2,
    names: [phrase(1 + Math.floor(next() * 3))],
    descriptions: [phrase(Math.floor(next() * 6))],
  }));
}

function termFrequencies(text: SearchableText): Map<string, number> {
  const tf = new Map<string, number>();
  for (const [texts, weight] of [
    [text.names, 10],
    [text.descriptions, 1],
  ] as const)
    for (const t of texts) for (const w of foldedWords(t)) tf.set(w, (tf.get(w) ?? 0) + weight);
  return tf;
}

/** The ranking as documented, from the texts at the build and those edited since. */
function model(built: SearchableText[], edited: Map<number, SearchableText | undefined>) {
  const builtTf = new Map(built.map((t) => [t.id, termFrequencies(t)]));
  const editedTf = new Map(
    [...edited].flatMap(([id, t]) => (t ? [[id, termFrequencies(t)] as const] : [])),
  );
  const df = (of: Map<number, Map<string, number>>, term: string) =>
    [...of.values()].filter((tf) => tf.has(term)).length;
  const weight = (tf: number, frequency: number) =>
    Math.fround(
      ((tf * (K1 + 1)) / (tf + K1)) *
        Math.log(1 + (built.length - frequency + 0.5) / (frequency + 0.5)),
    );
  /** Each product's terms with their weights, as a search adds them up. */
  const weighed = new Map<number, Map<string, number>>();
  for (const [id, tfs] of builtTf) {
    if (edited.has(id)) continue;
    weighed.set(id, new Map([...tfs].map(([term, tf]) => [term, weight(tf, df(builtTf, term))])));
  }
  for (const [id, tfs] of editedTf)
    weighed.set(id, new Map([...tfs].map(([term, tf]) => [term, weight(tf, df(builtTf, term))])));
  const terms = [...new Set([...weighed.values()].flatMap((m) => [...m.keys()]))].sort();

  function matched(words: string[], termsOf: (word: string) => string[]) {
    const scored: { id: number; rank: number }[] = [];
    for (const [id, weights] of weighed) {
      let score = 0;
      let all = words.length > 0;
      for (const word of words) {
        const hits = termsOf(word).filter((t) => weights.has(t));
        if (hits.length === 0) all = false;
        for (const t of hits) score += weights.get(t) ?? 0;
      }
      if (all)
        scored.push({ id, rank: (1e6 - Math.min(1e6, Math.round(score * 1000))) * 2 ** 31 + id });
    }
    return scored.sort((a, b) => a.rank - b.rank).map((s) => s.id);
  }
  const prefixed = (word: string) => terms.filter((t) => t.startsWith(word));
  return (words: string[]): number[] => {
    const found = matched(words, prefixed);
    if (found.length > 0) return found;
    return matched(words, (word) => [
      ...prefixed(word),
      ...(word.length >= 4 ? terms.filter((t) => t !== word && withinOneEdit(t, word)) : []),
    ]);
  };
}

/** Matches best first, as a page reads them. */
function ordered({ ids, rank }: Matches): number[] {
  if (!rank) return [...ids];
  return [...ids.keys()].sort((a, b) => (rank[a] ?? 0) - (rank[b] ?? 0)).map((i) => ids[i] ?? 0);
}

const QUERIES = [
  ...VOCABULARY,
  'hea',
  'he',
  'wir',
  'spe',
  'سما',
  'احمر',
  'مكتبه',
  'CAFÉ',
  'headphnoes',
  'wirelss',
  'studoi',
  'speakr',
  'سماعه',
  'head wire',
  'wireless headphones',
  'studio lamp',
  'سماعات لاسلكية',
  'classic zzz',
  'zzzz',
  // Several words of one term each: the rarest word's postings walked, the others' bit sets.
  'lamp speaker',
  'classic studio',
  'studio classic lamp',
  'cafe lamp',
  'lamp lamp',
  'wired speaker',
  'headset lamp',
  'مكتبة سماعة',
  'أحمر مكتبه',
  // With a typo or a prefix in one of them.
  'speakr lamp',
  'lamp studoi',
  'wireles clasic',
  'classic spea',
  'سماعه مكتب',
];

describe('the text index', () => {
  // Alone, most terms are frequent (a bit set of their own); beside 3 000 products of another
  // word none is, and a search of several words makes its sets from their postings. With a
  // recent tier of 3 products the edits are folded into the settled tier every round or two,
  // and products edited again leave it.
  it.each([
    [0, undefined],
    [3_000, undefined],
    [0, 3],
    [3_000, 3],
  ])(
    'ranks every kind of search as documented, one term or many, before and after edits (%i other products, recent tier %s)',
    (others, recentLimit) => {
      const next = random(29);
      const built = [
        ...textsOf(150, next),
        ...Array.from({ length: others }, (_, i) => ({
          id: CAPACITY + i,
          names: ['filler'],
          descriptions: [],
        })),
      ];
      const builder = searchIndexBuilder(CAPACITY + others, recentLimit);
      for (const text of built) builder.add(text);
      const index = builder.finish();
      const expectAll = (expected: (words: string[]) => number[]) => {
        for (const q of QUERIES) {
          const words = searchWords(q);
          expect(ordered(index.search(words)), q).toEqual(expected(words));
        }
      };
      expectAll(model(built, new Map()));

      // Edits: some products change words, some go, some are new (odd ids are free), some are
      // edited again.
      const edited = new Map<number, SearchableText | undefined>();
      for (const [round, ids] of [
        [0, [1, 3, 5, 21]],
        [1, [41, 43, 2, 4]],
        [2, [1, 2, 7, 9, 11]],
        [3, [3, 13, 41]],
        [4, [7]],
        [5, [1, 15, 17, 19, 21, 23]],
      ] as const) {
        const changed = [...ids];
        const texts = textsOf(changed.length, random(round + 5)).map((t, i) => ({
          ...t,
          id: changed[i] ?? 0,
        }));
        const shown = texts.filter((t) => t.id !== 5 && t.id !== 41);
        for (const id of changed)
          edited.set(
            id,
            shown.find((t) => t.id === id),
          );
        // The index is told the new texts of the products edited that are still shown.
        index.update(changed, shown);
        expectAll(model(built, edited));
      }
    },
  );

  it('answers a word of one term with its postings, best first, without edited products', () => {
    const builder = searchIndexBuilder(CAPACITY);
    const texts = [
      { id: 1, names: ['lamp'], descriptions: [] },
      { id: 2, names: ['desk'], descriptions: ['a lamp'] },
      { id: 3, names: ['lamp lamp'], descriptions: [] },
      { id: 4, names: ['lamp'], descriptions: [] },
      { id: 5, names: ['chair'], descriptions: [] },
    ];
    for (const t of texts) builder.add(t);
    const index = builder.finish();
    // Two uses in a name first, then one by id, then the description.
    expect(ordered(index.search(['lamp']))).toEqual([3, 1, 4, 2]);
    index.update([1, 3], [{ id: 3, names: ['chair'], descriptions: [] }]);
    expect(ordered(index.search(['lamp']))).toEqual([4, 2]);
    // Two terms' postings now (built and edited), weighed alike by the build's rarity: the same
    // name ranks the same, then by id.
    expect(ordered(index.search(['chair']))).toEqual([3, 5]);
  });

  it('ranks a search of several words by their summed weights, then by id, without edited products', () => {
    const builder = searchIndexBuilder(CAPACITY);
    const names = [
      'studio lamp',
      'lamp',
      'studio lamp',
      'studio lamp lamp',
      'studio',
      'desk studio',
    ];
    names.forEach((name, i) => builder.add({ id: i + 1, names: [name], descriptions: [] }));
    builder.add({ id: 7, names: ['desk lamp studio'], descriptions: [] });
    const index = builder.finish();
    // "lamp" twice weighs more; the rest weigh the same and go by id.
    expect(ordered(index.search(['studio', 'lamp']))).toEqual([4, 1, 3, 7]);
    expect(ordered(index.search(['lamp', 'studio']))).toEqual([4, 1, 3, 7]);
    expect(ordered(index.search(['desk', 'studio']))).toEqual([6, 7]);
    expect(ordered(index.search(['studio', 'lamp', 'desk']))).toEqual([7]);
    index.update([3, 4], [{ id: 4, names: ['chair'], descriptions: [] }]);
    expect(ordered(index.search(['studio', 'lamp']))).toEqual([1, 7]);
    expect(ordered(index.search(['lamp', 'studio']))).toEqual([1, 7]);
  });
});
