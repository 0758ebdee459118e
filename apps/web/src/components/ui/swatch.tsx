import { useLayoutEffect, useRef } from 'react';

/**
 * A colour's dot. The colour is set through the DOM rather than a `style` attribute: the CSP
 * (`style-src 'self'`) refuses style attributes in the server's HTML, and hydration does not set
 * attributes again (decision 011).
 */
export function Swatch({
  hex,
  title,
  className = 'size-6',
}: {
  hex: string;
  title?: string;
  className?: string;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (ref.current) ref.current.style.backgroundColor = hex;
  }, [hex]);
  return (
    <span
      ref={ref}
      aria-hidden="true"
      title={title}
      className={`block shrink-0 rounded-full border border-neutral-400 ring-offset-2 peer-checked:ring-2 peer-checked:ring-neutral-900 peer-focus-visible:outline-2 peer-focus-visible:outline-brand ${className}`}
    />
  );
}
