/**
 * Whether pages hold their content behind the loader for their display delay.
 * The server writes this meta tag at start-up from DISPLAY_DELAYS (on | off).
 */
export function displayDelaysEnabled(): boolean {
  return (
    document.querySelector('meta[name="souq:display-delays"]')?.getAttribute('content') !== 'off'
  );
}
