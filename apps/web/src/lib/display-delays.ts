let enabled: boolean | undefined;

/**
 * Whether pages hold their content behind the loader for their display delay.
 * The server writes this meta tag at start-up from DISPLAY_DELAYS (on | off); it never
 * changes while the page is open, so it is read once.
 */
export function displayDelaysEnabled(): boolean {
  // The server renders a page as it shows, without its delay (decision 011).
  if (typeof document === 'undefined') return false;
  enabled ??=
    document.querySelector('meta[name="souq:display-delays"]')?.getAttribute('content') !== 'off';
  return enabled;
}
