import { createBrowserRouter } from 'react-router';
import { Layout } from './layout/layout';
import { RoutePage } from './route-page';
import { routeTable } from './route-table';

export function createRouter() {
  return createBrowserRouter([
    {
      element: <Layout />,
      children: routeTable.map((route) => ({
        path: route.path,
        // Keyed so each route gets its own loader, delay and error state.
        element: <RoutePage key={route.path} route={route} />,
      })),
    },
  ]);
}
