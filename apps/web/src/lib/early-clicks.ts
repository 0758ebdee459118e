/**
 * A server-rendered page shows its controls before the app has taken them over (hydration waits
 * for the page's module). A click or a choice in that moment would do nothing, so it is held and
 * replayed once the app is in place: the shopper's Add To Cart, size or language is never lost.
 */
const CONTROLS = 'button, input[type="radio"], input[type="checkbox"]';

export function holdEarlyClicks(root: HTMLElement): () => void {
  const held: HTMLElement[] = [];
  const chosen = new Map<HTMLSelectElement, string>();
  const hold = (event: MouseEvent) => {
    const control = (event.target as Element | null)?.closest<HTMLElement>(CONTROLS);
    if (!control || !root.contains(control)) return;
    // Also keeps a radio or checkbox from changing under a component that has not seen it.
    event.preventDefault();
    held.push(control);
  };
  const holdChoice = (event: Event) => {
    if (event.target instanceof HTMLSelectElement && root.contains(event.target))
      chosen.set(event.target, event.target.value);
  };
  root.addEventListener('click', hold, true);
  root.addEventListener('change', holdChoice, true);
  return function replay() {
    root.removeEventListener('click', hold, true);
    root.removeEventListener('change', holdChoice, true);
    // Hydration keeps the server's elements, so each is still the control that was used.
    for (const control of held) if (control.isConnected) control.click();
    for (const [select, value] of chosen) {
      if (!select.isConnected) continue;
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
  };
}
