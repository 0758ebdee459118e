import { useSyncExternalStore } from 'react';
import { hydrationUnderWay, whenHydrated } from './hydration-turns';

/**
 * Whether a CSS media query matches now, following changes (a rotated phone, a resized window).
 * The server renders for the narrowest screen (decision 011), as phones are most shoppers, and
 * the browser answers the same until the server's page has become the app.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      void whenHydrated().then(onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => !hydrationUnderWay() && window.matchMedia(query).matches,
    () => false,
  );
}
