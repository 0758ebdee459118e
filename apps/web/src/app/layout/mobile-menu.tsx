import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { CloseIcon, MenuIcon } from '../../components/ui/icons';
import type { navLinks } from './nav-links';
import { useDismiss } from './use-dismiss';
import { ShopLogo } from './shop-logo';
import { useShopCategories } from './use-shop-categories';
import { localized } from '../../lib/localized';
import { paths } from '../../lib/paths';

/**
 * Below md: a full-screen menu that slides in from the start edge, with the pages, every
 * category (read when the menu first opens) and the shopper's account links.
 */
export function MobileMenu({
  links,
  signedIn,
}: {
  links: ReadonlyArray<(typeof navLinks)[number]>;
  signedIn: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const categories = useShopCategories(open);
  const accountLinks = [
    ...(signedIn
      ? [
          { to: paths.account, label: t('nav.myAccount') },
          { to: paths.myOrders, label: t('nav.myOrders') },
        ]
      : [{ to: paths.login, label: t('nav.signIn') }]),
    { to: paths.wishlist, label: t('nav.wishlist') },
    { to: paths.cart, label: t('nav.cart') },
  ];
  const sectionHeading = 'mb-2 text-sm font-semibold tracking-wide text-muted uppercase';
  const rowLink = 'flex min-h-11 items-center';
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
        className="flex size-11 items-center justify-center"
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
        className={`fixed inset-0 z-50 flex flex-col overflow-y-auto bg-white px-6 pt-[max(1.5rem,env(safe-area-inset-top))] pb-[max(1.5rem,env(safe-area-inset-bottom))] transition-transform duration-300 motion-reduce:transition-none ${
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
            className="flex size-11 items-center justify-center"
          >
            <CloseIcon />
          </button>
        </div>
        <nav aria-label={t('nav.main')} className="mt-6">
          <ul className="flex flex-col text-xl">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  onClick={close}
                  className={({ isActive }) =>
                    `${rowLink} ${isActive ? 'font-semibold text-brand' : ''}`
                  }
                >
                  {t(link.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('nav.categories')} className="mt-8">
          <h2 className={sectionHeading}>{t('nav.categories')}</h2>
          <ul className="flex flex-col">
            {categories?.map((category) => (
              <li key={category.slug}>
                <Link to={paths.category(category.slug)} onClick={close} className={rowLink}>
                  {localized(category, 'name', i18n.language)}
                </Link>
              </li>
            ))}
            <li>
              <Link
                to={paths.categories}
                onClick={close}
                className={`${rowLink} font-medium text-brand`}
              >
                {t('nav.allCategories')}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('nav.account')} className="mt-8 pb-6">
          <h2 className={sectionHeading}>{t('nav.account')}</h2>
          <ul className="flex flex-col">
            {accountLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} onClick={close} className={rowLink}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
