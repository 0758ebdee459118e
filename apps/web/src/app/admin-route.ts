import { withText } from '../lib/i18n';
import type { PageRoute } from './route-table';

/**
 * The back office: one lazily loaded tree under /admin with its own frame, routes and text
 * (features/admin), kept out of the shop's route table so none of it reaches a shopper's
 * start-up script or the shop pages' preload hints.
 */
export const adminRoute: PageRoute = {
  path: '/admin/*',
  chunk: 'admin',
  load: () => withText('orders', import('../features/admin/admin-app')),
  displayDelayMs: 0,
};
