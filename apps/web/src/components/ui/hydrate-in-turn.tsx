import { Suspense, useState, type ReactElement } from 'react';
import { hydrationUnderWay, waitForTurn, type Turn } from '../../lib/hydration-turns';

/**
 * On a page the server rendered, hydrates `children` in a task of its own (lib/hydration-turns.ts);
 * the server's markup stays on screen, unchanged, until then. Anywhere else (the server, a page
 * the browser renders, a page already hydrated) it renders `children` at once. `children` must
 * render one element: Preact keeps the first element in place while it waits.
 */
export function HydrateInTurn({ children }: { children: ReactElement }) {
  return <InTurn turn={() => (hydrationUnderWay() ? waitForTurn() : undefined)}>{children}</InTurn>;
}

/**
 * Renders `children` once the turn `turn` gives (called once, on the first render) is taken,
 * nothing until then; at once when it gives none. `HydrateInTurn` and `RenderInTurn` are its
 * two uses.
 */
export function InTurn({
  children,
  turn,
}: {
  children: ReactElement;
  turn: () => Turn | undefined;
}) {
  // The server never waits for a turn, and the boundary writes no markup of its own: it writes
  // `children` alone, without two more components for every part (a list's cards each have one).
  if (import.meta.env.SSR) return children;
  return (
    <Suspense fallback={null}>
      <WaitForTurn turn={turn}>{children}</WaitForTurn>
    </Suspense>
  );
}

function WaitForTurn({
  children,
  turn: startTurn,
}: {
  children: ReactElement;
  turn: () => Turn | undefined;
}) {
  // Kept while suspended: Preact keeps the component, and renders it again when its turn comes.
  const [turn] = useState(startTurn);
  // Suspending during hydration keeps the server's element (preact/compat's Suspense).
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- Suspense's protocol
  if (turn && !turn.taken) throw turn.promise;
  return children;
}
