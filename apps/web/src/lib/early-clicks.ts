/**
 * A server-rendered page shows its controls before the app has taken them over (hydration waits
 * for the page's module). A click, a choice or typing in that moment would do nothing, so it is
 * held and replayed once the app is in place: the shopper's Add To Cart, size, language or search
 * is never lost.
 */
const CONTROLS = 'button, input[type="radio"], input[type="checkbox"]';

/**
 * Fields whose text differs from what the server sent: typed into before the app took them over,
 * perhaps before this script ran at all (radios and checkboxes are clicks, held above).
 */
function typedFields(root: HTMLElement): (HTMLInputElement | HTMLTextAreaElement)[] {
  return [
    ...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'),
  ].filter(
    (field) =>
      field.type !== 'radio' && field.type !== 'checkbox' && field.value !== field.defaultValue,
  );
}

export function holdEarlyClicks(root: HTMLElement): () => Promise<void> {
  const held: HTMLElement[] = [];
  const chosen = new Map<HTMLSelectElement, string>();
  const submitted: HTMLFormElement[] = [];
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
  // Enter in a field with no submit button sends its form at once: held, or the page would reload.
  const holdSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement) || !root.contains(event.target)) return;
    event.preventDefault();
    submitted.push(event.target);
  };
  root.addEventListener('click', hold, true);
  root.addEventListener('change', holdChoice, true);
  root.addEventListener('submit', holdSubmit, true);
  return async function replay() {
    root.removeEventListener('click', hold, true);
    root.removeEventListener('change', holdChoice, true);
    root.removeEventListener('submit', holdSubmit, true);
    // The text stays in the field (hydration does not overwrite it): its component hears of it
    // now, and has it in its state (a render, a microtask away) before a press or form uses it.
    const typed = typedFields(root);
    for (const field of typed) field.dispatchEvent(new Event('input', { bubbles: true }));
    if (typed.length > 0) await new Promise<void>((resolve) => setTimeout(resolve, 0));
    // Hydration keeps the server's elements, so each is still the control that was used.
    for (const control of held) if (control.isConnected) control.click();
    for (const [select, value] of chosen) {
      if (!select.isConnected) continue;
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
    for (const form of submitted) if (form.isConnected) form.requestSubmit();
  };
}
