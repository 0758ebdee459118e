import type { FastifyInstance } from 'fastify';
import { routedPath } from './request-path';

/**
 * Where answers are about one shopper: their session, account, address book, orders (and the
 * guest look-up, quotes and carts that carry an email or a basket), saved cart and wishlist.
 * Kept as one list here rather than a flag on each route, so a new route under these paths is
 * covered without remembering to opt in.
 */
const PERSONAL_PATH_PREFIXES = [
  '/api/auth/',
  '/api/account/',
  '/api/orders',
  '/api/cart',
  '/api/wishlist',
  // the back office: orders, customers and staff are nobody else's to see
  '/api/admin/',
];

/** Under a personal prefix but the same for everyone: a photo's name is new for every upload. */
const SHARED_PATH_PREFIXES = ['/api/account/photos/'];

export function isPersonalPath(path: string): boolean {
  return (
    PERSONAL_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix)) &&
    !SHARED_PATH_PREFIXES.some((prefix) => path.startsWith(prefix))
  );
}

/**
 * Personal answers, errors included, are never stored by a browser's or a proxy's cache, so a
 * shared computer or a CDN in front of the shop cannot hand one shopper's data to another.
 */
export function registerPersonalResponses(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    if (isPersonalPath(routedPath(request)))
      void reply.header('cache-control', 'private, no-store');
  });
}
