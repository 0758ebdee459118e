import type { MouseEvent } from 'react';
import type { NavigateFunction } from 'react-router';

/**
 * Follows a click on a link to `to`, an address inside the shop (lib/paths.ts), in the app, as
 * React Router's `Link` does: a plain left click is followed by the router, any other (with a
 * modifier key for a new tab or window, another button) is left to the browser. For links drawn
 * many times over, a list's product cards: `Link` resolves its address against the route's
 * matches twice and sets up its click handler, prefetching and navigation hooks on every render,
 * more work than the rest of a card, for an address that is absolute already.
 */
export function followInApp(event: MouseEvent, to: string, navigate: NavigateFunction) {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey
  ) {
    return;
  }
  event.preventDefault();
  // A link to the page shown replaces its history entry rather than adding a second, as Link's.
  const { pathname, search, hash } = window.location;
  void navigate(to, { replace: `${pathname}${search}${hash}` === to });
}
