import { useEffect, type RefObject } from 'react';

/**
 * Closes an open popup on Escape (returning focus to its trigger), a click outside it, or when
 * keyboard focus moves on past it.
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  containerRef: RefObject<HTMLElement | null>,
  triggerRef: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      close();
      triggerRef.current?.focus();
    }
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node;
      if (!containerRef.current?.contains(target) && !triggerRef.current?.contains(target)) close();
    }
    function onFocusIn(event: FocusEvent) {
      const target = event.target as Node;
      if (!containerRef.current?.contains(target) && !triggerRef.current?.contains(target)) close();
    }
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open, close, containerRef, triggerRef]);
}
