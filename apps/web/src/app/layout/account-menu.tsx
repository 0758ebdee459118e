import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogoutIcon, UserIcon } from '../../components/ui/icons';
import { useLogout } from '../../lib/use-logout';
import { useDismiss } from './use-dismiss';
import { paths } from '../../lib/paths';

/** The signed-in shopper's account button and its menu (My Account, Logout). */
export function AccountMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const logout = useLogout();
  useDismiss(open, close, menuRef, buttonRef);

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={t('nav.account')}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className={`rounded-full p-1 ${open ? 'bg-brand text-white' : 'hover:text-brand'}`}
      >
        <UserIcon />
      </button>
      <div
        ref={menuRef}
        id={menuId}
        hidden={!open}
        className="absolute end-0 top-full z-40 mt-2 w-56 rounded bg-black/80 p-4 text-sm text-white backdrop-blur"
      >
        <ul className="flex flex-col gap-3">
          <li>
            <Link
              to={paths.account}
              onClick={close}
              className="flex items-center gap-3 hover:underline"
            >
              <UserIcon width={20} height={20} />
              {t('nav.myAccount')}
            </Link>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                close();
                void logout();
              }}
              className="flex items-center gap-3 hover:underline"
            >
              <LogoutIcon width={20} height={20} className="rtl:-scale-x-100" />
              {t('nav.logout')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
