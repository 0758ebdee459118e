import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The build's stylesheet links, as Vite writes them into index.html. */
const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g;

export interface InlinedStyles {
  html: string;
  /** CSP sources (`'sha256-…'`) that allow exactly the `<style>` elements written in. */
  cspHashes: string[];
}

/**
 * Writes the build's stylesheets into index.html as `<style>` elements, once at start-up. A
 * linked stylesheet blocks the first paint for one more round trip after the HTML; inline, a
 * server-rendered page paints as soon as its HTML has arrived. The CSP allows each element by the
 * hash of its text (no 'unsafe-inline'), so a style injected into a page is still refused.
 */
export function inlineStylesheets(indexHtml: string, distDir: string): InlinedStyles {
  const cspHashes: string[] = [];
  const html = indexHtml.replace(STYLESHEET_LINK, (_link, file: string) => {
    const css = fs.readFileSync(path.join(distDir, file), 'utf8');
    // The element's text ends at the first `</style`; a stylesheet holding one cannot be inlined.
    if (/<\/style/i.test(css)) throw new Error(`${file} contains </style> and cannot be inlined`);
    cspHashes.push(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    return `<style>${css}</style>`;
  });
  return { html, cspHashes };
}
