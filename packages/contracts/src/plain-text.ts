import { z } from 'zod';

/** C0 controls (NUL, BEL, ESC, newline, …), DEL and the C1 controls. */
const CONTROL_CHARACTER = /\p{Cc}/u;

export const PLAIN_TEXT_MESSAGE = 'Use letters, numbers and punctuation only, on one line';

/**
 * One line of text a person typed: a name or an address line. Control characters are refused,
 * since they reach terminals, logs, mail and labels, where they act instead of showing. Leading
 * and trailing spaces are trimmed first, so a stray newline at the end is simply dropped.
 */
export function plainText() {
  return z
    .string()
    .trim()
    .refine((text) => !CONTROL_CHARACTER.test(text), PLAIN_TEXT_MESSAGE);
}
