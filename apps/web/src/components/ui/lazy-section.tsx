import { useEffect, useRef, useState, type ReactNode } from 'react';
import { nextTurn, whenHydrated } from '../../lib/hydration-turns';

/** How far below the screen a section starts rendering, so it is ready before it scrolls in. */
const DEFAULT_AHEAD = '600px';
/** Where the browser has no idle callback (Safari), a short wait after the load event instead. */
const IDLE_FALLBACK_MS = 200;

/**
 * Renders its children once they come near the screen, holding `placeholder` (of the same size)
 * until then. Rendering, fetching and loading code only for what is in view first keeps the
 * start-up work short on slow phones (the home page's sections, the footer's newsletter form).
 */
export function LazySection({
  children,
  placeholder,
  ahead = DEFAULT_AHEAD,
  orOnceIdle = false,
}: {
  children: ReactNode;
  placeholder: ReactNode;
  /** A CSS length: how far off screen it may be when it starts. */
  ahead?: string;
  /**
   * Also render once the page has loaded and the browser is idle, wherever it is: for content a
   * keyboard can reach before it scrolls into view.
   */
  orOnceIdle?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (old browsers, test environments) everything renders at once;
  // the server renders the placeholder, as the browser's first render does (decision 011).
  const [near, setNear] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  );

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    let active = true;
    const observer = new IntersectionObserver(
      (entries) => {
        // Each section that comes near renders in a task of its own, not all in one long one.
        if (entries.some((entry) => entry.isIntersecting))
          void nextTurn().then(() => active && setNear(true));
      },
      { rootMargin: `${ahead} 0px` },
    );
    // Not while the server's page is still becoming the app (lib/hydration-turns.ts).
    void whenHydrated().then(() => active && observer.observe(element));
    return () => {
      active = false;
      observer.disconnect();
    };
  }, [near, ahead]);

  useEffect(() => {
    if (near || !orOnceIdle) return;
    const hasIdleCallback = 'requestIdleCallback' in window;
    let idle: number | undefined;
    let active = true;
    // Idle moments come between hydration's turns too: not before the server's page is the app.
    const whenIdle = () =>
      void whenHydrated().then(() => {
        if (!active) return;
        idle = hasIdleCallback
          ? window.requestIdleCallback(() => setNear(true))
          : window.setTimeout(() => setNear(true), IDLE_FALLBACK_MS);
      });
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      active = false;
      window.removeEventListener('load', whenIdle);
      if (idle === undefined) return;
      if (hasIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [near, orOnceIdle]);

  return <div ref={ref}>{near ? children : placeholder}</div>;
}
