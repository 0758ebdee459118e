import { vi } from 'vitest';

/**
 * jsdom has no `matchMedia`: every media query answers `matches` (false: a phone's width), so a
 * component that folds or unfolds by width renders as on that screen. Undone by
 * `vi.unstubAllGlobals()`.
 */
export function stubMediaQueries(matches: boolean) {
  vi.stubGlobal('matchMedia', () => ({
    matches,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

/**
 * jsdom has no `IntersectionObserver`: this one reports only when the test scrolls, through the
 * returned `scrollPast` (true: the watched element has gone up out of view; false: it is back).
 * Undone by `vi.unstubAllGlobals()`, after which the setup's silent one is back.
 */
export function stubIntersectionObserver() {
  const callbacks = new Set<IntersectionObserverCallback>();
  class FakeIntersectionObserver {
    constructor(private readonly callback: IntersectionObserverCallback) {
      callbacks.add(callback);
    }
    observe() {}
    unobserve() {}
    takeRecords() {
      return [];
    }
    disconnect() {
      callbacks.delete(this.callback);
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return {
    /** Throws until the page watches something, so a test can wait for that. */
    scrollPast(passed: boolean) {
      if (callbacks.size === 0) throw new Error('Nothing is watched yet');
      const entry = {
        isIntersecting: !passed,
        boundingClientRect: { top: passed ? -200 : 200 },
      } as IntersectionObserverEntry;
      for (const callback of callbacks) callback([entry], {} as IntersectionObserver);
    },
  };
}
