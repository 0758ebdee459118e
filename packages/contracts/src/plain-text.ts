import { z } from 'zod';

/*
 * Text from outside (a field, a query, a path segment) reaches terminals, logs, mail, labels
 * and the database, where some characters act instead of showing: controls (NUL, which
 * PostgreSQL cannot store at all, ESC, DEL, the C1 range), format characters (bidi overrides
 * such as U+202E that reverse what follows, zero-width spaces, the byte-order mark), lone
 * surrogates and the Unicode line and paragraph separators. The zero-width joiner and
 * non-joiner stay: Persian and Urdu words and emoji sequences need them.
 */
const ACTING_CHARACTER = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/u;
/** The same, but newlines and tabs are part of a message or a description. */
const ACTING_CHARACTER_BUT_LINE_BREAKS = /(?![\n\t\u200c\u200d])[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/u;

export const PLAIN_TEXT_MESSAGE = 'Use letters, numbers and punctuation only, on one line';
export const MULTI_LINE_TEXT_MESSAGE = 'Use letters, numbers, punctuation and line breaks only';

/**
 * One line of text: a name, an address line, a search, an id. Leading and trailing spaces are
 * trimmed first, so a stray newline at the end is simply dropped.
 */
export function singleLineText() {
  return z
    .string()
    .trim()
    .refine((text) => !ACTING_CHARACTER.test(text), PLAIN_TEXT_MESSAGE);
}

/**
 * Text of several lines: a message, a reply, a description. Line endings become `\n` (a
 * textarea's, whatever the client sent), and newlines and tabs are kept.
 */
export function multiLineText() {
  return z
    .string()
    .trim()
    .overwrite((text) => text.replace(/\r\n?/g, '\n'))
    .refine((text) => !ACTING_CHARACTER_BUT_LINE_BREAKS.test(text), MULTI_LINE_TEXT_MESSAGE);
}
