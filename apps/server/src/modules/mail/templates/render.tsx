/** @jsxRuntime automatic @jsxImportSource react */
import { compile } from 'html-to-text';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'preact-render-to-string';

/** A mail ready for the outbox: its subject and the same message as HTML and as plain text. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** The class of a paragraph that the text part keeps on one line, without a blank line around it. */
export const COMPACT_LINE = 'mail-line';

/**
 * The plain-text part, read from the HTML the components made (as React Email's `toPlainText`
 * does), with the converter compiled once: compiling it per mail costs milliseconds.
 * Pictures and the preheader are left out; a link shows its address after its words.
 */
const htmlToText = compile({
  wordwrap: false,
  selectors: [
    { selector: 'img', format: 'skip' },
    { selector: '[data-skip-in-text=true]', format: 'skip' },
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true, linkBrackets: false } },
    { selector: 'h1', options: { uppercase: false, leadingLineBreaks: 1, trailingLineBreaks: 2 } },
    { selector: 'h2', options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 1 } },
    { selector: 'table', format: 'block' },
    { selector: 'tr', format: 'block' },
    { selector: 'td', format: 'inline' },
    // An item's name, colour and size, and the shop's contact lines: one line each.
    {
      selector: `p.${COMPACT_LINE}`,
      format: 'block',
      options: { leadingLineBreaks: 1, trailingLineBreaks: 1 },
    },
  ],
});

/**
 * A mail from its component tree: Preact renders the HTML (escaping every text and attribute it
 * is given) and the text part is read from it, so both say the same.
 */
export function renderMail(subject: string, mail: ReactElement): RenderedMail {
  const html = `<!doctype html>\n${renderToStaticMarkup(mail)}`;
  // The head holds nothing the text part says: leaving it out saves parsing it again.
  return { subject, html, text: htmlToText(html.slice(html.indexOf('<body'))).trim() };
}

/** Text a shopper or staff wrote, in Unicode isolates (FSI … PDI): its direction stays its own. */
export const isolate = (text: string) => `\u2068${text}\u2069`;

/** An amount or a code in a left-to-right isolate (LRI … PDI): Arabic text cannot move its sign. */
export const isolateLtr = (text: string) => `\u2066${text}\u2069`;
