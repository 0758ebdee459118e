// The bench's distinct URLs that more than one bench asks for: bench/run.ts's rows and
// bench/searches.ts's in-process searches ask the same texts.
import type { Db } from '../apps/server/src/db/connection';
import { seededRandom } from '../apps/server/src/modules/catalog/catalog-generate';

/** Distinct URLs generated per row: more than a row can ask for, so none repeats. */
export const DISTINCT_URLS = 60_000;
export const SEED = 7;
export const sorts = ['best_selling', 'price_asc', 'price_desc', 'newest', 'rating'] as const;

export function shuffled<T>(items: T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** The catalog's own words (lower case, three letters or more), from its product names. */
export async function vocabulary(db: Db): Promise<{ words: string[]; pairs: string[][] }> {
  const rows = await db.kysely.selectFrom('products').select('name').execute();
  const words = new Set<string>();
  const pairs = new Map<string, string[]>();
  for (const { name } of rows) {
    const inName = (name.toLowerCase().match(/\p{L}{3,}/gu) ?? []).filter((w) => w.length >= 3);
    for (const w of inName) words.add(w);
    for (let i = 0; i + 1 < inName.length; i++) {
      const pair = [inName[i] ?? '', inName[i + 1] ?? ''];
      pairs.set(pair.join(' '), pair);
    }
  }
  return { words: [...words].sort(), pairs: [...pairs.values()] };
}

/** One letter changed, dropped or swapped with its neighbour, never the first one. */
function typo(word: string, next: () => number): string {
  const at = 1 + Math.floor(next() * (word.length - 1));
  const kind = Math.floor(next() * 3);
  if (kind === 0) return word.slice(0, at) + word.slice(at + 1);
  if (kind === 1 && at + 1 < word.length)
    return word.slice(0, at) + (word[at + 1] ?? '') + (word[at] ?? '') + word.slice(at + 2);
  const letter = String.fromCharCode(97 + Math.floor(next() * 26));
  return word.slice(0, at) + letter + word.slice(at + 1);
}

/** Searches as shoppers type them: whole words, prefixes, one typo, two words; sorts and pages 1–3. */
export function distinctSearches(words: string[], pairs: string[][]): string[] {
  const next = seededRandom(SEED);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const urls = new Set<string>();
  while (urls.size < DISTINCT_URLS) {
    const word = pick(words);
    const kind = Math.floor(next() * 4);
    const text =
      kind === 0
        ? word
        : kind === 1
          ? word.slice(0, Math.max(3, Math.ceil(word.length * (0.4 + next() * 0.5))))
          : kind === 2 && word.length >= 5
            ? typo(word, next)
            : pick(pairs).join(' ');
    const sort = next() < 0.6 ? 'relevance' : pick(sorts);
    const page = 1 + Math.floor(next() * 3);
    urls.add(`/api/products?q=${encodeURIComponent(text)}&sort=${sort}&page=${page}&limit=24`);
  }
  return shuffled([...urls], next);
}
