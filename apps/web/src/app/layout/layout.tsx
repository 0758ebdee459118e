import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useSessionSync } from '../../features/auth/use-session-sync';
import { HydrateInTurn } from '../../components/ui/hydrate-in-turn';
import { KeptOnServer } from '../../lib/kept-markup';
import { CartAddedToast } from './cart-added-toast';
import { Footer } from './footer';
import { Header } from './header';

/**
 * The frame's parts whose markup the server keeps (lib/kept-markup.tsx, entry-server.tsx), in
 * the order the layout renders them: nothing before the first takes an id from `useId`.
 */
export const keptFrameParts = { header: Header, footer: Footer };

export function Layout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  // Every path change starts at the top of the new page. Not the first path: a shopper may have
  // scrolled the server's page before the app took it over, and the browser places a new page.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        {t('layout.skipToContent')}
      </a>
      <HydrateInTurn>
        <KeptOnServer part="header">
          <Header />
        </KeptOnServer>
      </HydrateInTurn>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <HydrateInTurn>
        <KeptOnServer part="footer">
          <Footer />
        </KeptOnServer>
      </HydrateInTurn>
      <SessionSync pageKey={pathname} />
      <CartAddedToast />
    </div>
  );
}

/**
 * The session's answer in a part of its own: each change of the query (asked, answered) then
 * renders this alone, not the header and footer with it, which was one long task on a phone
 * as the first answer came. The server asks for no session (the query starts in an effect), so
 * its render skips the hook's set-up: 0.06–0.15 ms of every page (decision 028).
 */
const SessionSync = import.meta.env.SSR
  ? () => null
  : function SessionSync({ pageKey }: { pageKey: string }) {
      useSessionSync(pageKey);
      return null;
    };
