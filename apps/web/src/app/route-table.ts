import { matchPath } from 'react-router';
import type { ComponentType } from 'react';
import { adminRoute } from './admin-route';
import { withText } from '../lib/i18n';

export interface PageRoute {
  path: string;
  /** Names the page's script chunk in errors: "Loading chunk about failed". */
  chunk: string;
  load: () => Promise<{ default: ComponentType }>;
  /** How long the loader covers the page before it shows (the seed's display delays); 0 for none. */
  displayDelayMs: number;
  /**
   * What the server puts in the page's HTML (decision 011). `public`: the page rendered, for
   * search engines and link previews; `unlisted`: rendered but `noindex` (search results);
   * `personal` (the default, so a new page is safe): an empty shell the browser fills, `noindex`.
   */
  audience?: 'public' | 'unlisted' | 'personal';
}

/**
 * Every page, its lazily loaded module and its display delay. Sign-up, log-in and the
 * content pages have none: a shopper who asked for a form should get it at once.
 */
export const routeTable: PageRoute[] = [
  {
    path: '/',
    chunk: 'home',
    load: () => import('../features/catalog/home-page'),
    displayDelayMs: 0,
    audience: 'public',
  },
  {
    path: '/contact',
    chunk: 'contact',
    load: () => withText('content', import('../features/content/contact-page')),
    displayDelayMs: 0,
    audience: 'public',
  },
  {
    path: '/about',
    chunk: 'about',
    load: () => withText('content', import('../features/content/about-page')),
    displayDelayMs: 1000,
    audience: 'public',
  },
  {
    path: '/signup',
    chunk: 'signup',
    load: () => withText('auth', import('../features/auth/signup-page')),
    displayDelayMs: 0,
  },
  {
    path: '/login',
    chunk: 'login',
    load: () => withText('auth', import('../features/auth/login-page')),
    displayDelayMs: 0,
  },
  {
    path: '/forgot-password',
    chunk: 'forgot-password',
    load: () => withText('auth', import('../features/auth/forgot-password-page')),
    displayDelayMs: 0,
  },
  {
    path: '/reset-password',
    chunk: 'reset-password',
    load: () => withText('auth', import('../features/auth/reset-password-page')),
    displayDelayMs: 0,
  },
  {
    path: '/cart',
    chunk: 'cart',
    load: () => import('../features/cart/cart-page'),
    displayDelayMs: 2000,
  },
  {
    path: '/wishlist',
    chunk: 'wishlist',
    load: () => import('../features/wishlist/wishlist-page'),
    displayDelayMs: 2000,
  },
  {
    path: '/productdetails/:id',
    chunk: 'product-details',
    load: () => import('../features/catalog/product-details-page'),
    displayDelayMs: 0,
    audience: 'public',
  },
  {
    path: '/productS',
    chunk: 'products',
    load: () => import('../features/catalog/products-page'),
    displayDelayMs: 2000,
    audience: 'public',
  },
  {
    path: '/category',
    chunk: 'category',
    load: () => import('../features/catalog/category-page'),
    displayDelayMs: 2000,
    audience: 'public',
  },
  {
    path: '/account',
    chunk: 'account',
    load: () => withText('account', withText('orders', import('../features/account/account-page'))),
    displayDelayMs: 2000,
  },
  {
    path: '/checkout',
    chunk: 'checkout',
    load: () => withText('checkout', import('../features/checkout/checkout-page')),
    displayDelayMs: 2000,
  },
  {
    path: '/checkout/payment/:token',
    chunk: 'payment-return',
    // Its cancel asks as My Orders does, in the orders' words.
    load: () =>
      withText('checkout', withText('orders', import('../features/checkout/payment-return-page'))),
    displayDelayMs: 0,
  },
  {
    path: '/order-confirmation/:number',
    chunk: 'order-confirmation',
    load: () => withText('orders', import('../features/orders/order-confirmation-page')),
    displayDelayMs: 0,
  },
  {
    path: '/orders/lookup',
    chunk: 'order-lookup',
    load: () => withText('orders', import('../features/orders/order-lookup-page')),
    displayDelayMs: 0,
  },
  {
    path: '/orders/lookup/invoice',
    chunk: 'guest-invoice',
    load: () => withText('orders', import('../features/orders/invoice-page')),
    displayDelayMs: 0,
  },
  {
    path: '/account/orders',
    chunk: 'my-orders',
    load: () => withText('orders', import('../features/orders/my-orders-page')),
    displayDelayMs: 0,
  },
  {
    path: '/account/orders/:id',
    chunk: 'order-detail',
    load: () => withText('orders', import('../features/orders/order-detail-page')),
    displayDelayMs: 0,
  },
  {
    path: '/account/orders/:id/invoice',
    chunk: 'invoice',
    load: () => withText('orders', import('../features/orders/invoice-page')),
    displayDelayMs: 0,
  },
  {
    path: '/account/cancellations',
    chunk: 'my-cancellations',
    load: () => withText('orders', import('../features/orders/my-cancellations-page')),
    displayDelayMs: 0,
  },
  {
    // A back-in-stock mail's unsubscribe link: personal, so never rendered or indexed.
    path: '/back-in-stock/unsubscribe/:token',
    chunk: 'stock-alert-unsubscribe',
    load: () => import('../features/catalog/stock-alert-unsubscribe-page'),
    displayDelayMs: 0,
  },
  {
    path: '/search',
    chunk: 'search',
    load: () => import('../features/catalog/search-page'),
    displayDelayMs: 2000,
    audience: 'unlisted',
  },
  {
    path: '/privacy-policy',
    chunk: 'privacy-policy',
    load: () => withText('content', import('../features/content/privacy-policy-page')),
    displayDelayMs: 0,
    audience: 'public',
  },
  {
    path: '/terms-of-use',
    chunk: 'terms-of-use',
    load: () => withText('content', import('../features/content/terms-page')),
    displayDelayMs: 0,
    audience: 'public',
  },
  {
    path: '/faq',
    chunk: 'faq',
    load: () => withText('content', import('../features/content/faq-page')),
    displayDelayMs: 0,
    audience: 'public',
  },
  {
    path: '*',
    chunk: 'not-found',
    load: () => import('../features/content/not-found-page'),
    displayDelayMs: 1000,
    audience: 'public',
  },
];

const lastRoute = routeTable.at(-1);
if (lastRoute?.path !== '*') throw new Error('The route table must end with the not-found page');
/** The page for any path no other route matches, and for an unknown product. */
export const notFoundRoute: PageRoute = lastRoute;

/**
 * The route the router shows at a path (matched as the router matches: case-insensitive, the
 * path decoded), with its parameters; `notFound` when the server answered 404 for the address although
 * a route matches it (an unknown product or category).
 */
export function matchPageRoute(pathname: string, notFound = false) {
  if (notFound) return { route: notFoundRoute, params: {} };
  const path = decodedPath(pathname);
  const segment = firstSegment(path);
  // The back office's tree, outside the shop's table (app/admin-route.ts): a shell, never a 404.
  if (mayMatch(adminRoute, segment) && matchPath(adminRoute.path, path)) {
    return { route: adminRoute, params: {} };
  }
  for (const route of routeTable) {
    const match = mayMatch(route, segment) && matchPath(route.path, path);
    if (match) return { route, params: match.params };
  }
  return { route: notFoundRoute, params: {} };
}

/**
 * The path as the router's `matchRoutes` matches it: each segment percent-decoded, a slash
 * inside one kept encoded; a path that does not decode is matched as it is.
 */
function decodedPath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/** A path's first segment as `matchPath` compares it (ignoring case); '' for `/` and `*`. */
const firstSegment = (path: string) => (path.split('/', 2)[1] ?? '').toLowerCase();
const routeSegments = new Map(
  [adminRoute, ...routeTable].map((route) => [route, firstSegment(route.path)]),
);

/**
 * Whether a route can match a path whose first segment is `segment`. A route that begins with
 * fixed text matches only paths that begin with it, so the others are passed over without
 * `matchPath`, which compiles the route's pattern on every call (1 % of a server-rendered
 * product page's CPU went to the patterns of the routes before its own).
 */
function mayMatch(route: PageRoute, segment: string): boolean {
  const own = routeSegments.get(route) ?? '';
  return own === segment || own === '' || own.startsWith(':') || own.startsWith('*');
}

export const pageRouteAt = (pathname: string, notFound = false) =>
  matchPageRoute(pathname, notFound).route;
