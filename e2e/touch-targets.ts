/**
 * Runs in the page: every control a finger can reach that is smaller than `min` × `min` CSS
 * pixels and has another control within a `min`-pixel square centred on it (WCAG 2.5.5's size,
 * with 2.5.8's spacing rule at that size). A link inside a sentence is exempt, as both rules
 * exempt inline targets, and so is a control the browser draws itself (a native checkbox inside
 * its label is measured by the label).
 */
export function undersizedTargets(min: number): string[] {
  const selector =
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex="0"]';
  type Box = { element: Element; rect: DOMRect };

  function visible(element: Element) {
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return false;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || element.closest('[inert], [aria-hidden="true"]'))
      return false;
    // Inside a closed <dialog> or <details>, nothing is on screen.
    const dialog = element.closest('dialog');
    return !dialog || dialog.open;
  }

  /**
   * The box a finger aims at: a visually hidden input is chosen through its label, and a link
   * stretched over its card by an absolutely placed ::after (the product card) covers the card.
   */
  function targetOf(element: Element): Element | null {
    const rect = element.getBoundingClientRect();
    const after = getComputedStyle(element, '::after');
    if (
      after.position === 'absolute' &&
      after.content !== 'none' &&
      element instanceof HTMLElement
    ) {
      return element.offsetParent ?? element;
    }
    if (rect.width > 2 || rect.height > 2) return element;
    if (element instanceof HTMLInputElement) return element.labels?.[0] ?? null;
    return null;
  }

  /** A link in running text: its block holds words besides the link's own. */
  function inline(element: Element) {
    if (element.tagName !== 'A') return false;
    const block = element.parentElement;
    if (!block || getComputedStyle(element).display !== 'inline') return false;
    const own = element.textContent.trim().length;
    return block.textContent.trim().length > own + 3;
  }

  function describe(element: Element) {
    const name =
      element.getAttribute('aria-label') ??
      (element.textContent.trim().slice(0, 40) || (element as HTMLInputElement).name);
    return `${element.tagName.toLowerCase()} "${name}"`;
  }

  const boxes: Box[] = [];
  for (const control of document.querySelectorAll(selector)) {
    if (!visible(control)) continue;
    const target = targetOf(control);
    if (!target || inline(control)) continue;
    if (boxes.some((b) => b.element === target || b.element.contains(target))) continue;
    boxes.push({ element: target, rect: target.getBoundingClientRect() });
  }

  const problems: string[] = [];
  for (const box of boxes) {
    const { rect } = box;
    if (rect.width >= min - 0.5 && rect.height >= min - 0.5) continue;
    // The square a finger of `min` px covers, centred on the control.
    const cx = rect.left + rect.width / 2;
    const cy = rect.top + rect.height / 2;
    const half = min / 2;
    const crowded = boxes.find(
      (other) =>
        other !== box &&
        !other.element.contains(box.element) &&
        !box.element.contains(other.element) &&
        other.rect.left < cx + half &&
        other.rect.right > cx - half &&
        other.rect.top < cy + half &&
        other.rect.bottom > cy - half,
    );
    if (crowded) {
      problems.push(
        `${describe(box.element)} ${Math.round(rect.width)}×${Math.round(rect.height)} beside ${describe(crowded.element)}`,
      );
    }
  }
  return problems;
}
