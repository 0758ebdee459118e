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
 * is given). The text part is the template's own (`textBlocks`) where it writes one, else read
 * from the HTML, so both say the same.
 */
export function renderMail(subject: string, mail: ReactElement, text?: string): RenderedMail {
  const html = `<!doctype html>\n${renderToStaticMarkup(mail)}`;
  return { subject, html, text: text ?? textReadFromHtml(html) };
}

/** A text part read out of a mail's HTML, for templates that write none of their own. */
export function textReadFromHtml(html: string): string {
  // The head holds nothing the text part says: leaving it out saves parsing it again.
  return htmlToText(html.slice(html.indexOf('<body'))).trim();
}

/** A block of a mail's text part and the line breaks it asks for before and after it. */
export interface TextBlock {
  text: string;
  before: number;
  after: number;
}

/** A block, or none where the HTML shows none (`cond && block`, as in JSX). */
export type MaybeTextBlock = TextBlock | false | null | undefined | '';

/**
 * A text part from its blocks, as a mail program's plain view shows the HTML and as
 * `htmlToText` above reads it: between two blocks the larger of the breaks they ask for. The
 * order mails, sent by the thousand in a sale, write their text this way: reading it back out of
 * the HTML was a tenth of a mail's CPU.
 */
export function textOfBlocks(blocks: readonly MaybeTextBlock[]): string {
  let text = '';
  let pending = 0;
  for (const block of blocks) {
    if (!block || block.text === '') continue;
    if (text !== '') text += '\n'.repeat(Math.max(pending, block.before));
    text += block.text;
    pending = block.after;
  }
  return text;
}

/** Text a shopper or staff wrote, in Unicode isolates (FSI … PDI): its direction stays its own. */
export const isolate = (text: string) => `\u2068${text}\u2069`;

/** An amount or a code in a left-to-right isolate (LRI … PDI): Arabic text cannot move its sign. */
export const isolateLtr = (text: string) => `\u2066${text}\u2069`;
