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
