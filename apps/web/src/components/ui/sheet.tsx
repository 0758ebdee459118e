import { useEffect, useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons';

/**
 * A panel that slides in from the start edge (the right in Arabic) over the page. Built on the
 * browser's modal <dialog>: it keeps focus inside, makes the page behind inert and closes on
 * Escape; focus goes back to what opened it.
 */
export function Sheet({
  open,
  onClose,
  title,
  closeLabel,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="sheet-title"
      // Escape and the browser's own closing end up here, so the page's state follows.
      onClose={onClose}
      className="fixed inset-y-0 start-0 m-0 h-dvh max-h-none w-80 max-w-[85vw] overflow-y-auto bg-white p-6 shadow-xl transition-transform duration-200 backdrop:bg-black/40 starting:open:-translate-x-full rtl:starting:open:translate-x-full"
    >
      <div className="mb-6 flex items-center justify-between gap-4">
        <h2 id="sheet-title" className="text-xl font-semibold">
          {title}
        </h2>
        <button type="button" aria-label={closeLabel} onClick={onClose} className="p-1">
          <CloseIcon />
        </button>
      </div>
      {children}
    </dialog>
  );
}
