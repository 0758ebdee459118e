import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below the screen a section starts rendering, so it is ready before it scrolls in. */
const DEFAULT_AHEAD = '600px';

/**
 * Renders its children once they come near the screen, holding `placeholder` (of the same size)
 * until then. Rendering, fetching and loading code only for what is in view first keeps the
 * start-up work short on slow phones (the home page's sections, the footer's newsletter form).
 */
export function LazySection({
  children,
  placeholder,
  ahead = DEFAULT_AHEAD,
}: {
  children: ReactNode;
  placeholder: ReactNode;
  /** A CSS length: how far off screen it may be when it starts. */
  ahead?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (old browsers, test environments) everything renders at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${ahead} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ahead]);

  return <div ref={ref}>{near ? children : placeholder}</div>;
}
