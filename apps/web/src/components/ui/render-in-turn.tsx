import type { ReactElement } from 'react';
import { nextTurn, type Turn } from '../../lib/hydration-turns';
import { InTurn } from './hydrate-in-turn';

/**
 * Renders `children` in a task of its own, queued when it is first rendered, and nothing until
 * then: the items of a list that arrives at once (a product's reviews) are then drawn one task
 * each, not in one long task in which a phone answers no tap. For what the browser renders
 * itself (hydration has its own turns, `HydrateInTurn`); on the server it renders `children`.
 */
export function RenderInTurn({ children }: { children: ReactElement }) {
  return <InTurn turn={browserTurn}>{children}</InTurn>;
}

function browserTurn(): Turn | undefined {
  if (typeof window === 'undefined') return undefined;
  const turn: Turn = { taken: false, promise: nextTurn().then(() => void (turn.taken = true)) };
  return turn;
}
