import { Suspense, useState, type ReactElement } from 'react';
import { nextTurn } from '../../lib/hydration-turns';

/**
 * Renders `children` in a task of its own, queued when it is first rendered, and nothing until
 * then: the items of a list that arrives at once (a product's reviews) are then drawn one task
 * each, not in one long task in which a phone answers no tap. For what the browser renders
 * itself (hydration has its own turns, `HydrateInTurn`); on the server it renders `children`.
 */
export function RenderInTurn({ children }: { children: ReactElement }) {
  return (
    <Suspense fallback={null}>
      <WaitForTurn>{children}</WaitForTurn>
    </Suspense>
  );
}

function WaitForTurn({ children }: { children: ReactElement }) {
  // Kept while suspended: Preact keeps the component, and renders it again when its turn comes.
  const [turn] = useState(() => {
    if (typeof window === 'undefined') return undefined;
    const waiting = { taken: false, promise: nextTurn().then(() => void (waiting.taken = true)) };
    return waiting;
  });
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- Suspense's protocol
  if (turn && !turn.taken) throw turn.promise;
  return children;
}
