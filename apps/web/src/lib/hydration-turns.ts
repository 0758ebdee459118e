/**
 * Hydrating a whole server-rendered page is one long task: tens of milliseconds on a desktop,
 * four times that on a mid-range phone, in which the page answers no tap. Parts marked with
 * `HydrateInTurn` (components/ui/hydrate-in-turn.tsx) are left as the server rendered them and
 * hydrated later, each in a task of its own (a part inside another takes its own turn once its
 * parent has had one), so the main thread is never held long. Preact keeps a server element in
 * place while the component that owns it is suspended.
 */
let underWay = false;
let pendingTurns = 0;
let finish: (() => void) | undefined;
let hydrated: Promise<void> = Promise.resolve();

/** A promise settled in a task of its own, after the tasks already queued. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Whether the server's page is still becoming the app: from `hydrateInTurns` to the last turn. */
export function hydrationUnderWay(): boolean {
  return underWay;
}

/**
 * Hydration is over once no turn is pending at the start of a task: a turn's part renders in the
 * microtasks after it, where the parts inside it ask for turns of their own.
 */
function finishOnceNoTurnIsLeft() {
  setTimeout(() => {
    if (pendingTurns > 0 || !finish) return;
    underWay = false;
    finish();
    finish = undefined;
  }, 0);
}

export interface Turn {
  promise: Promise<void>;
  taken: boolean;
}

/** A turn for one part: its promise settles in a task of its own. */
export function waitForTurn(): Turn {
  pendingTurns++;
  const turn: Turn = {
    taken: false,
    promise: nextTurn().then(() => {
      turn.taken = true;
      if (--pendingTurns === 0) finishOnceNoTurnIsLeft();
    }),
  };
  return turn;
}

/**
 * Runs `hydrate` (the `hydrateRoot` call) as the first pass; the promise settles once every part
 * that waited for its turn has been hydrated.
 */
export function hydrateInTurns(hydrate: () => void): Promise<void> {
  underWay = true;
  hydrated = new Promise((resolve) => (finish = resolve));
  hydrate();
  finishOnceNoTurnIsLeft();
  return hydrated;
}

/**
 * Settles once the page the server rendered has been hydrated in full (at once where the browser
 * rendered the page itself). Work that would change the page waits for it, so hydration finds
 * the server's markup as it was sent.
 */
export function whenHydrated(): Promise<void> {
  return hydrated;
}
