import { useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { LanguageSelector } from '../../app/layout/language-selector';
import { ChevronDownIcon, MenuIcon } from '../../components/ui/icons';
import { paths } from '../../lib/paths';
import { useShopSettings } from '../../lib/shop-settings';
import { useLogout } from '../../lib/use-logout';
import { adminScreens, screenHref } from './screens';
import { useAdminTranslation } from './shared/admin-i18n';
import { adminPaths } from './shared/admin-paths';
import { useStaff } from './shared/staff-access';

/**
 * The back office's frame: a top bar (who is signed in, language, the shop, sign out) and the
 * sections the role may open, as a column beside the screen on wide screens and, on a phone, a
 * button naming the open section that unfolds the list (a dozen sections would fill the screen).
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useAdminTranslation();
  const { shopName } = useShopSettings();
  const { me, may } = useStaff();
  const { pathname } = useLocation();
  // Open for the screen it was opened on: following a link folds the list again.
  const [sectionsOpenOn, setSectionsOpenOn] = useState<string | null>(null);
  const sectionsOpen = sectionsOpenOn === pathname;
  const sections = adminScreens.filter((screen) => screen.navLabelKey && may(screen.permission));
  // The section the open screen belongs to: the longest section path the location starts with.
  const currentLabelKey = sections
    .filter((screen) => {
      const href = screenHref(screen);
      return pathname === href || pathname.startsWith(`${href}/`);
    })
    .sort((a, b) => screenHref(b).length - screenHref(a).length)[0]?.navLabelKey;

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
          <Link to={adminPaths.dashboard} className="flex min-h-11 items-center gap-2">
            <span className="text-2xl font-bold tracking-wide">{shopName}</span>
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
          <button
            type="button"
            aria-expanded={sectionsOpen}
            aria-controls="admin-sections"
            onClick={() => setSectionsOpenOn(sectionsOpen ? null : pathname)}
            className="flex min-h-12 w-full items-center gap-3 px-4 font-medium md:hidden"
          >
            <MenuIcon className="h-5 w-5" aria-hidden="true" />
            <span className="sr-only">{t('shell.sectionsMenu')}: </span>
            {currentLabelKey ? t(currentLabelKey) : t('shell.sectionsMenu')}
            <ChevronDownIcon
              className={`ms-auto h-5 w-5 transition-transform ${sectionsOpen ? 'rotate-180' : ''}`}
              aria-hidden="true"
            />
          </button>
          <ul
            id="admin-sections"
            className={`${sectionsOpen ? 'flex' : 'hidden'} flex-col gap-1 px-2 pb-2 md:flex md:py-4`}
          >
            {sections.map(({ path, navLabelKey = '', navBadge: Badge, ...screen }) => (
              <li key={path}>
                <NavLink
                  to={screenHref({ path, ...screen })}
                  end={path === ''}
                  className={({ isActive }) =>
                    `flex min-h-11 items-center rounded px-4 font-medium ${isActive ? 'bg-brand text-white' : 'hover:bg-surface hover:text-brand'}`
                  }
                >
                  {t(navLabelKey)}
                  {Badge && <Badge />}
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

function SignOutButton() {
  const { t } = useAdminTranslation();
  const signOut = useLogout(paths.login);
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
