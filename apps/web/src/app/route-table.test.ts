import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adminRoute } from './admin-route';
import { matchPageRoute, notFoundRoute, routeTable } from './route-table';

describe('route table', () => {
  it('has every route of the seed with its display delay', () => {
    const delays = Object.fromEntries(routeTable.map((r) => [r.path, r.displayDelayMs]));
    expect(delays).toMatchObject({
      '/': 0,
      '/contact': 0,
      '/about': 1000,
      '/signup': 0,
      '/login': 0,
      '/cart': 2000,
      '/wishlist': 2000,
      '/productdetails/:id': 0,
      '/productS': 2000,
      '/category': 2000,
      '/account': 2000,
      '/checkout': 2000,
      '/search': 2000,
      '*': 1000,
    });
  });

  it('names each page chunk once and ends with the not-found page', () => {
    const chunks = routeTable.map((r) => r.chunk);
    expect(new Set(chunks).size).toBe(chunks.length);
    expect(routeTable.at(-1)?.path).toBe('*');
  });

  it('loads a page component for every route', async () => {
    for (const route of routeTable) {
      const module = await route.load();
      expect(typeof module.default, route.path).toBe('function');
    }
  });
});

describe('what the server renders', () => {
  it('renders the public pages, search without indexing, and nothing personal', () => {
    const audience = Object.fromEntries(routeTable.map((r) => [r.path, r.audience ?? 'personal']));
    for (const path of ['/', '/productS', '/category', '/productdetails/:id', '/about', '/faq']) {
      expect(audience[path], path).toBe('public');
    }
    expect(audience['/search']).toBe('unlisted');
    for (const path of ['/cart', '/wishlist', '/checkout', '/account', '/login', '/signup']) {
      expect(audience[path], path).toBe('personal');
    }
  });

  it('matches a path as the router does, and shows the not-found page for a 404 path', () => {
    expect(matchPageRoute('/ProductDetails/7')).toMatchObject({
      route: { chunk: 'product-details' },
      params: { id: '7' },
    });
    expect(matchPageRoute('/no/such/page').route).toBe(notFoundRoute);
    expect(matchPageRoute('/productdetails/9', true).route).toBe(notFoundRoute);
  });

  it('picks the route and parameters React Router picks, for every kind of path', () => {
    const routes = [adminRoute, ...routeTable];
    const paths = [
      ...routeTable.map((r) => r.path.replace(/:\w+/g, '42')),
      '/',
      '//',
      '/PRODUCTS',
      '/productS/',
      '/productdetails',
      '/productdetails/7/reviews',
      '/productdetailsx/7',
      '/product%64etails/7',
      '/Account/Orders/12/Invoice',
      '/orders/lookup/invoice/',
      '/admin',
      '/admin/products/3',
      '/administrator',
      '/search/more',
      '/no/such/page',
      '/%D8%B9%D8%B1%D8%A8%D9%8A',
      '/category/%E0%A4%A',
      '/productdetails/a%2Fb',
    ];
    for (const path of paths) {
      const leaf = matchRoutes(routes, path)?.at(-1);
      const expected = leaf?.route === adminRoute ? {} : (leaf?.params ?? {});
      expect(matchPageRoute(path), path).toEqual({
        route: leaf?.route ?? notFoundRoute,
        params: expected,
      });
    }
  });
});
