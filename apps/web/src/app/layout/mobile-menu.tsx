import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { CloseIcon, MenuIcon } from '../../components/ui/icons';
import type { navLinks } from './nav-links';
import { useDismiss } from './use-dismiss';
import { ShopLogo } from './shop-logo';

/** Below md: a full-screen menu that slides in from the start edge. */
export function MobileMenu({ links }: { links: ReadonlyArray<(typeof navLinks)[number]> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const openButtonRef = useRef<HTMLButtonElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  useDismiss(open, close, panelRef, openButtonRef);

  useEffect(() => {
    if (open) closeButtonRef.current?.focus();
  }, [open]);

  // A modal dialog keeps Tab inside itself: past the last link comes the close button again.
  function keepFocusInside(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = panelRef.current.querySelectorAll<HTMLElement>('a[href], button');
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  function closeAndReturnFocus() {
    close();
    openButtonRef.current?.focus();
  }

  return (
    <div className="md:hidden">
      <button
        ref={openButtonRef}
        type="button"
        aria-label={t('nav.openMenu')}
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="p-1"
      >
        <MenuIcon />
      </button>
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label={t('nav.menu')}
        inert={!open}
        onKeyDown={keepFocusInside}
        className={`fixed inset-0 z-50 flex flex-col bg-white px-6 py-6 transition-transform duration-300 motion-reduce:transition-none ${
          open ? 'translate-x-0' : '-translate-x-full rtl:translate-x-full'
        }`}
      >
        <div className="flex items-center justify-between">
          <span className="text-2xl font-bold">
            <ShopLogo />
          </span>
          <button
            ref={closeButtonRef}
            type="button"
            aria-label={t('nav.closeMenu')}
            onClick={closeAndReturnFocus}
            className="p-1"
          >
            <CloseIcon />
          </button>
        </div>
        <nav aria-label={t('nav.main')} className="mt-10">
          <ul className="flex flex-col gap-6 text-xl">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  onClick={close}
                  className={({ isActive }) => (isActive ? 'font-semibold text-brand' : '')}
                >
                  {t(link.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
