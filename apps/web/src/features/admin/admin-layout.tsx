import { useEffect, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import type { StaffPermission } from '@souq/contracts/staff';
import { LanguageSelector } from '../../app/layout/language-selector';
import { api } from '../../lib/api';
import { useAppDispatch } from '../../store/hooks';
import { numberFormat } from '../../lib/number-format';
import { useAdminTranslation } from './shared/admin-i18n';
import { useGetMessagesQuery } from './customers/customers-api';
import { adminPaths } from './shared/admin-paths';
import { useStaff } from './shared/staff-access';

const sections: { to: string; labelKey: string; permission: StaffPermission; end?: boolean }[] = [
  { to: adminPaths.dashboard, labelKey: 'nav.dashboard', permission: 'dashboard.read', end: true },
  { to: adminPaths.orders, labelKey: 'nav.orders', permission: 'orders.read' },
  { to: adminPaths.products, labelKey: 'nav.products', permission: 'catalog.manage' },
  { to: adminPaths.categories, labelKey: 'nav.categories', permission: 'catalog.manage' },
  { to: adminPaths.catalogFile, labelKey: 'nav.catalogFile', permission: 'catalog.manage' },
  { to: adminPaths.coupons, labelKey: 'nav.coupons', permission: 'marketing.manage' },
  { to: adminPaths.flashSales, labelKey: 'nav.flashSales', permission: 'marketing.manage' },
  { to: adminPaths.customers, labelKey: 'nav.customers', permission: 'customers.read' },
  { to: adminPaths.messages, labelKey: 'nav.messages', permission: 'messages.answer' },
  { to: adminPaths.staff, labelKey: 'nav.staff', permission: 'staff.manage' },
  { to: adminPaths.audit, labelKey: 'nav.audit', permission: 'audit.read' },
];

/**
 * The back office's frame: a top bar (who is signed in, language, the shop, sign out) and the
 * sections the role may open, as a column beside the screen on wide screens and a row of large
 * links above it on a phone.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useAdminTranslation();
  const { me, may } = useStaff();
  const { pathname } = useLocation();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className="flex min-h-screen flex-col bg-surface">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        {t('shell.skipToContent')}
      </a>
      <header className="border-b border-neutral-200 bg-white">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <Link to={adminPaths.dashboard} className="flex items-baseline gap-2">
            <span className="text-2xl font-bold tracking-wide">Souq</span>
            <span className="text-sm font-medium text-brand">{t('shell.title')}</span>
          </Link>
          <div className="ms-auto flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            <p className="hidden text-muted sm:block">
              <bdi>{me.email}</bdi> · {t(`roles.${me.role}`)}
            </p>
            <LanguageSelector selectClassName="min-h-11 cursor-pointer rounded border border-neutral-300 bg-white px-2" />
            <a href="/" className="inline-flex min-h-11 items-center hover:text-brand">
              {t('shell.viewShop')}
            </a>
            <SignOutButton />
          </div>
        </div>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        <nav
          aria-label={t('shell.sections')}
          className="border-b border-neutral-200 bg-white md:w-56 md:shrink-0 md:border-b-0 md:border-e"
        >
          <ul className="flex flex-wrap gap-1 px-2 py-2 md:flex-col md:py-4">
            {sections
              .filter((section) => may(section.permission))
              .map((section) => (
                <li key={section.to}>
                  <NavLink
                    to={section.to}
                    end={section.end}
                    className={({ isActive }) =>
                      `flex min-h-11 items-center rounded px-4 font-medium ${isActive ? 'bg-brand text-white' : 'hover:bg-surface hover:text-brand'}`
                    }
                  >
                    {t(section.labelKey)}
                    {section.to === adminPaths.messages && <UnreadBadge />}
                  </NavLink>
                </li>
              ))}
          </ul>
        </nav>
        <main id="admin-main" className="min-w-0 flex-1 px-4 py-6 md:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}

/** How many contact messages nobody has opened yet, beside Messages; checked every minute. */
function UnreadBadge() {
  const { t, i18n } = useAdminTranslation();
  const messages = useGetMessagesQuery({ state: 'unread' }, { pollingInterval: 60_000 });
  const unread = messages.data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <span
      className="ms-auto rounded-full bg-amber-400 px-2 text-xs font-semibold leading-5 text-neutral-900"
      aria-label={t('messages.unreadCount', { count: unread })}
    >
      {numberFormat(i18n.language, {}).format(unread)}
    </span>
  );
}

function SignOutButton() {
  const { t } = useAdminTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signOut = async () => {
    try {
      await fetch('/api/auth/sign-out', { method: 'POST', credentials: 'same-origin' });
    } catch {
      // offline or already signed out: the log-in page follows either way
    }
    // Nothing of this staff member's may stay on the device for the next person.
    dispatch(api.util.resetApiState());
    await navigate('/login');
  };
  return (
    <button
      type="button"
      onClick={() => void signOut()}
      className="inline-flex min-h-11 items-center hover:text-brand"
    >
      {t('shell.signOut')}
    </button>
  );
}
