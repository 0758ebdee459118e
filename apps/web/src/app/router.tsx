import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { HydrateInTurn } from '../components/ui/hydrate-in-turn';
import { addressOf } from '../lib/page-state';
import { adminRoute } from './admin-route';
import { Layout } from './layout/layout';
import { RoutePage } from './route-page';
import { notFoundRoute, routeTable, type PageRoute } from './route-table';

/**
 * The shop's pages inside the layout, for whichever router holds the address: the browser's
 * (`AppRouter`) or the server's static one (`entry-server.tsx`). `notFoundAt` is an address the
 * server answered 404 for although a route matches it (an unknown product or category): it shows
 * the not-found page there, as the server rendered it, until the shopper moves on. `routes` is
 * the table by default; the server, which has matched the address already and never navigates,
 * names the one route it matched, so the router ranks and matches one route rather than the
 * whole table on every render (decision 028).
 */
export function AppRoutes({
  notFoundAt,
  routes = routeTable,
}: {
  notFoundAt?: string | undefined;
  routes?: readonly PageRoute[];
}) {
  return (
    <Routes>
      {/* The frame hydrates in a turn after the router's first pass (lib/hydration-turns.ts). */}
      <Route
        element={
          <HydrateInTurn>
            <Layout />
          </HydrateInTurn>
        }
      >
        {routes.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={<PageAt route={route} notFoundAt={notFoundAt} />}
          />
        ))}
      </Route>
      {/* The back office has its own frame instead of the shop's header and footer. */}
      <Route path={adminRoute.path} element={<RoutePage route={adminRoute} />} />
    </Routes>
  );
}

function PageAt({ route, notFoundAt }: { route: PageRoute; notFoundAt: string | undefined }) {
  const shown = addressOf(useLocation()) === notFoundAt ? notFoundRoute : route;
  // Keyed so each route gets its own loader, delay and error state.
  return <RoutePage key={shown.path} route={shown} />;
}

/**
 * React Router's declarative mode: the pages need no loaders or actions, and the data router
 * would add about 17 KB (gzipped) to the start-up script (docs/decisions/004-*.md).
 */
export function AppRouter({ notFoundAt }: { notFoundAt?: string | undefined }) {
  return (
    <BrowserRouter>
      <AppRoutes notFoundAt={notFoundAt} />
    </BrowserRouter>
  );
}
