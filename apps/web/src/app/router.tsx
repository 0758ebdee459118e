import { BrowserRouter, Route, Routes } from 'react-router';
import { adminRoute } from './admin-route';
import { Layout } from './layout/layout';
import { RoutePage } from './route-page';
import { routeTable } from './route-table';

/**
 * React Router's declarative mode: the pages need no loaders or actions, and the data router
 * would add about 17 KB (gzipped) to the start-up script (docs/decisions/004-*.md).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Layout />}>
          {routeTable.map((route) => (
            <Route
              key={route.path}
              path={route.path}
              // Keyed so each route gets its own loader, delay and error state.
              element={<RoutePage key={route.path} route={route} />}
            />
          ))}
        </Route>
        {/* The back office has its own frame instead of the shop's header and footer. */}
        <Route path={adminRoute.path} element={<RoutePage route={adminRoute} />} />
      </Routes>
    </BrowserRouter>
  );
}
