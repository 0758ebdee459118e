import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { isCachedApiPath, isCachedPagePath, OFFLINE_PAGE } from './cached-paths';

/*
 * The installed app's service worker (decision 026), built by vite-plugin-pwa with Workbox.
 * The shell (the build's scripts, styles and the offline page) is precached; catalog pages and
 * catalog reads the shopper has seen are kept for when the network is gone; personal answers
 * never are.
 */

/** The worker's own global scope, as much of it as this file uses (the app's types are the DOM's). */
interface WorkerScope {
  /** The build writes the shell's list here (the expression must stay `self.__WB_MANIFEST`). */
  __WB_MANIFEST: { url: string; revision: string | null }[];
  skipWaiting(): Promise<void>;
}
const worker = self as unknown as WorkerScope;

precacheAndRoute((self as unknown as WorkerScope).__WB_MANIFEST);
cleanupOutdatedCaches();
// A deploy's worker takes over at once, so nobody keeps an old shell (and old pages) for long:
// each page is network-first anyway, and the old hashed scripts stay precached until then.
void worker.skipWaiting();
clientsClaim();

/**
 * Stores only a full answer the server let shared caches keep: a personal answer says
 * `private, no-store` (the server's personal-responses.ts), whatever its path.
 */
const sharedAnswersOnly: WorkboxPlugin = {
  cacheWillUpdate: ({ response }) => {
    const cacheControl = response.headers.get('cache-control') ?? '';
    const personal = /no-store|private/i.test(cacheControl);
    return Promise.resolve(response.status === 200 && !personal ? response : null);
  },
};

/** Pages the shopper has seen: fresh from the network, from the cache when it is gone. */
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isCachedPagePath(url.pathname),
  new NetworkFirst({
    cacheName: 'pages',
    networkTimeoutSeconds: 5,
    plugins: [sharedAnswersOnly, new ExpirationPlugin({ maxEntries: 60 })],
  }),
);
/** Every other page (account, cart, checkout, back office): the network only. */
registerRoute(({ request }) => request.mode === 'navigate', new NetworkOnly());

/** Catalog reads (products, categories, search, reviews, settings), network first. */
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === location.origin && isCachedApiPath(url.pathname),
  new NetworkFirst({
    cacheName: 'catalog-api',
    networkTimeoutSeconds: 5,
    plugins: [sharedAnswersOnly, new ExpirationPlugin({ maxEntries: 200 })],
  }),
);

/** The build's hashed scripts and styles never change under one address. */
registerRoute(
  ({ url }) => url.origin === location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'scripts', plugins: [new ExpirationPlugin({ maxEntries: 200 })] }),
);

/** Product pictures never change under one address. */
registerRoute(
  ({ url, request }) => request.destination === 'image' && url.origin === location.origin,
  new CacheFirst({
    cacheName: 'pictures',
    plugins: [sharedAnswersOnly, new ExpirationPlugin({ maxEntries: 300 })],
  }),
);

/** A page that neither the network nor the cache can give: the offline page (en and ar). */
setCatchHandler(async ({ request }) => {
  if (request.destination === 'document') {
    return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  }
  return Response.error();
});
