/**
 * Turning a shopper's text into search terms. Only letters, digits and combining marks make up
 * a word, so nothing a shopper types can reach the FTS5 or tsquery syntax: `& # % ' " < > \`
 * and emoji separate words and are otherwise ignored.
 */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;
/** Shorter words are too ambiguous to correct: "cat" is one edit from dozens of words. */
export const MIN_CORRECTABLE_LENGTH = 4;

/**
 * Arabic's optional marks and letter variants, folded the way the search index folds the
 * catalog's text (migration 0009): alef forms → ا, ى → ي, ة → ه; harakat and tatweel dropped.
 */
const ARABIC_ALEFS = /[\u0622\u0623\u0625\u0671]/g;
const ARABIC_DROPPED = /\u0640|[\u064b-\u0652]|\u0670/g;

export function foldArabic(text: string): string {
  return text
    .replace(ARABIC_ALEFS, '\u0627')
    .replaceAll('\u0649', '\u064a')
    .replaceAll('\u0629', '\u0647')
    .replace(ARABIC_DROPPED, '');
}

export function searchWords(text: string): string[] {
  const words = foldArabic(text.normalize('NFKC').toLowerCase()).match(WORD) ?? [];
  return words.slice(0, MAX_WORDS).map((w) => w.slice(0, MAX_WORD_LENGTH));
}

/** FTS5 MATCH text: every word as a quoted prefix, all required ("head phon" → "head"* "phon"*). */
export function ftsPrefixQuery(words: string[]): string {
  return words.map((w) => `${ftsString(w)}*`).join(' AND ');
}

/** FTS5 MATCH text where each word may also be one of its corrections. */
export function ftsCorrectedQuery(words: string[], corrections: string[][]): string {
  return words
    .map((w, i) => {
      const options = [`${ftsString(w)}*`, ...(corrections[i] ?? []).map(ftsString)];
      return options.length === 1 ? options[0] : `(${options.join(' OR ')})`;
    })
    .join(' AND ');
}

function ftsString(word: string): string {
  return `"${word.replaceAll('"', '""')}"`;
}

/** to_tsquery text: every word as a prefix, all required ("head:* & phon:*"). */
export function tsPrefixQuery(words: string[]): string {
  return words.map((w) => `'${w.replaceAll("'", "''").replaceAll('\\', '\\\\')}':*`).join(' & ');
}

/**
 * True when a and b differ by at most one edit: a letter added, removed, replaced, or two
 * neighbours swapped ("hedphones", "headphnoes" → "headphones").
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.length - short.length > 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  if (short.length === long.length) {
    if (short.slice(i + 1) === long.slice(i + 1)) return true;
    return (
      short[i] === long[i + 1] &&
      short[i + 1] === long[i] &&
      short.slice(i + 2) === long.slice(i + 2)
    );
  }
  return short.slice(i) === long.slice(i + 1);
}
