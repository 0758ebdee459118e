/**
 * A server-rendered page shows its controls before the app has taken them over (hydration waits
 * for the page's module). A click, a choice or typing in that moment would do nothing, so it is
 * held and replayed once the app is in place: the shopper's Add To Cart, size, language or search
 * is never lost.
 */
const CONTROLS = 'button, input[type="radio"], input[type="checkbox"]';

type TextField = HTMLInputElement | HTMLTextAreaElement;

/** A field a shopper types text into (radios and checkboxes are clicks, held below). */
function isTextField(target: EventTarget | null): target is TextField {
  return (
    (target instanceof HTMLInputElement && target.type !== 'radio' && target.type !== 'checkbox') ||
    target instanceof HTMLTextAreaElement
  );
}

export function holdEarlyClicks(root: HTMLElement): () => Promise<void> {
  const held: HTMLElement[] = [];
  const chosen = new Map<HTMLSelectElement, string>();
  const submitted: HTMLFormElement[] = [];
  // The text of every field typed into before the app took it over. Kept here, not read from
  // the field at the end: the app's first render of a part that hydrated in a later turn writes
  // its own (empty) state into the field.
  const typed = new Map<TextField, string>();
  // Typed before this script ran at all: the field's text differs from what the server sent.
  for (const field of root.querySelectorAll('input, textarea'))
    if (isTextField(field) && field.value !== field.defaultValue) typed.set(field, field.value);
  const holdTyping = (event: Event) => {
    if (isTextField(event.target) && root.contains(event.target))
      typed.set(event.target, event.target.value);
  };
  const hold = (event: MouseEvent) => {
    const control = (event.target as Element | null)?.closest<HTMLElement>(CONTROLS);
    if (!control || !root.contains(control)) return;
    // Also keeps a radio or checkbox from changing under a component that has not seen it.
    event.preventDefault();
    // A part hydrated in an earlier turn already has its handler: without this the press would
    // count twice, now and at the replay (a wishlist heart toggled on, then off again).
    event.stopPropagation();
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
  root.addEventListener('input', holdTyping, true);
  root.addEventListener('change', holdChoice, true);
  root.addEventListener('submit', holdSubmit, true);
  return async function replay() {
    root.removeEventListener('click', hold, true);
    root.removeEventListener('input', holdTyping, true);
    root.removeEventListener('change', holdChoice, true);
    root.removeEventListener('submit', holdSubmit, true);
    // Each field gets its text back and its component hears of it now, so the component has it
    // in its state (a render, a microtask away) before a press or form uses it.
    for (const [field, text] of typed) {
      if (!field.isConnected) continue;
      field.value = text;
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (typed.size > 0) await new Promise<void>((resolve) => setTimeout(resolve, 0));
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
