/**
 * Turning text into search terms, the catalog's and a shopper's alike (search-index.ts). Only
 * letters, digits and combining marks make up a word: `& # % ' " < > \` and emoji separate
 * words and are otherwise ignored.
 */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;
/** Shorter words are too ambiguous to correct: "cat" is one edit from dozens of words. */
export const MIN_CORRECTABLE_LENGTH = 4;

/**
 * Arabic's optional marks and letter variants, folded on both sides of the search index:
 * alef forms → ا, ى → ي, ة → ه; harakat and tatweel dropped.
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

/** Accents of Latin, Greek and Cyrillic letters, once decomposed ("é" → "e" + U+0301). */
const COMBINING_ACCENTS = /[\u0300-\u036f]/g;

/**
 * Every word of a text, lower case and folded: accents dropped ("café" finds "cafe") and
 * Arabic folded. This is how the search index reads the catalog and the shopper's text alike.
 */
export function foldedWords(text: string): string[] {
  const plain = text.normalize('NFKD').replace(COMBINING_ACCENTS, '').normalize('NFC');
  return foldArabic(plain.toLowerCase()).match(WORD) ?? [];
}

/** A shopper's words, folded the same way, a few and not too long. */
export function searchWords(text: string): string[] {
  return foldedWords(text)
    .slice(0, MAX_WORDS)
    .map((w) => w.slice(0, MAX_WORD_LENGTH));
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
