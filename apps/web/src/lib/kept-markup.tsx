import { createContext, useContext, useId, type ReactElement } from 'react';
import { jsxTemplate } from 'preact/jsx-runtime';
import { formatted } from './number-format';

/*
 * Parts of a page the server renders once and keeps (decision 028): the header and the footer
 * are the same on every page of a language, the shop's settings and a route, so the server
 * renders each once (entry-server.tsx) and writes the kept markup in its place on later pages.
 * What else a part's render leaves behind is kept with it and given back in its place, so the
 * page comes out as if the part had been rendered there: the numbers it formatted (recorded
 * for hydration, number-format.ts) and how many ids it took from `useId`, whose count the rest
 * of the page continues.
 */

export interface KeptMarkup {
  html: string;
  /** How many ids the part took from `useId`. */
  ids: number;
  /** The texts the part formatted (number-format.ts): format, value and text, in the order it wrote them. */
  numbers: [format: string, value: string, text: string][];
}

const KeptMarkupContext = createContext<Readonly<Record<string, KeptMarkup>> | null>(null);

/** The server's kept parts by name; nothing in the browser, which renders every part. */
export const KeptMarkupProvider = KeptMarkupContext.Provider;

/** `children`, or on the server the kept markup of the part `part` when there is one. */
export function KeptOnServer({ part, children }: { part: string; children: ReactElement }) {
  const kept = useContext(KeptMarkupContext)?.[part];
  if (!kept) return children;
  for (const [format, value, text] of kept.numbers) formatted(format, value, () => text);
  return (
    <>
      {Array.from({ length: kept.ids }, (_, i) => (
        <IdTaken key={i} />
      ))}
      {/* preact-render-to-string writes a template's text as it is, without an element around it. */}
      {jsxTemplate([kept.html])}
    </>
  );
}

/** Takes one id, as the kept part did where it was rendered. */
function IdTaken() {
  useId();
  return null;
}

/**
 * How many ids a render took before this point, from the id `useId` gives next (Preact's ids
 * are `P<boundary>-<count>`); null for an id of any other form.
 */
export function idsTakenBefore(id: string): number | null {
  const count = /^P0-(\d+)$/.exec(id)?.[1];
  return count === undefined ? null : Number(count);
}
