/**
 * A server-rendered page shows its buttons before the app has taken them over (hydration waits
 * for the page's module). A click in that moment would do nothing, so it is held and replayed
 * once the app is in place: the shopper's Add To Cart or size choice is never lost.
 */
const CONTROLS = 'button, input[type="radio"], input[type="checkbox"]';

export function holdEarlyClicks(root: HTMLElement): () => void {
  const held: HTMLElement[] = [];
  const hold = (event: MouseEvent) => {
    const control = (event.target as Element | null)?.closest<HTMLElement>(CONTROLS);
    if (!control || !root.contains(control)) return;
    // Also keeps a radio or checkbox from changing under a component that has not seen it.
    event.preventDefault();
    held.push(control);
  };
  root.addEventListener('click', hold, true);
  return function replay() {
    root.removeEventListener('click', hold, true);
    // Hydration keeps the server's elements, so each is still the control that was clicked.
    for (const control of held) if (control.isConnected) control.click();
  };
}
