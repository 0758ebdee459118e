import { screen, within } from '@testing-library/preact';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  rolePermissions,
  staffPermissions,
  staffRoles,
  type StaffRole,
} from '@souq/contracts/staff';
import { renderWithProviders } from '../../test/render';
import AdminApp from './admin-app';
import { adminScreens, screenAt, screenHref } from './screens';
import { screenAddress, screenPaths, type ScreenPath } from './screen-paths';
import { adminPaths } from './shared/admin-paths';
import { serve, staffSession } from './shared/test-server';

function renderAdmin(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/admin/*" element={<AdminApp />} />
    </Routes>,
    { route },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A screen's address with its parameters filled in, as a link would have it. */
const linkTo = (path: ScreenPath) => screenAddress(path, 7);

describe('the table of back-office screens', () => {
  it.each(staffRoles)(
    'offers a %s the sections of exactly the permissions the role has',
    async (role) => {
      serve(staffSession(role));
      renderAdmin('/admin/no-such-screen');
      const nav = await screen.findByRole('navigation', { name: 'Back office sections' });
      const offered = within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'));
      const allowed = adminScreens
        .filter((s) => s.navLabelKey && rolePermissions[role].includes(s.permission))
        .map((s) => screenHref(s));
      expect(offered).toEqual(allowed);
      // every screen of the role is reachable from the navigation, directly or from its list
      for (const permission of rolePermissions[role]) {
        const screens = adminScreens.filter((s) => s.permission === permission);
        if (screens.length > 0) expect(screens.some((s) => s.navLabelKey)).toBe(true);
      }
    },
  );

  const refusals = staffRoles.flatMap((role: StaffRole) =>
    staffPermissions
      .filter((permission) => !rolePermissions[role].includes(permission))
      .flatMap((permission) => adminScreens.filter((s) => s.permission === permission))
      .map((s) => ({ role, href: linkTo(s.path) })),
  );

  it.each(refusals)('refuses a $role a direct link to $href', async ({ role, href }) => {
    serve(staffSession(role));
    renderAdmin(href);
    expect(await screen.findByRole('heading', { name: 'Not part of your role' })).toBeTruthy();
    expect(
      screen.getByText('Your role does not include this page.', { exact: false }),
    ).toBeTruthy();
  });

  it('opens a screen the role includes instead of refusing it', async () => {
    serve({
      ...staffSession('owner'),
      '/api/admin/audit': { status: 200, body: { items: [], page: 1, hasMore: false } },
    });
    renderAdmin('/admin/audit');
    expect(await screen.findByRole('heading', { name: 'Audit log', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Not part of your role' })).toBeNull();
  });
});

describe('the links inside the back office', () => {
  // Each link, as a screen builds it, and the screen it must open: typed so that a new link
  // cannot be added without being checked here.
  const links: Record<keyof typeof adminPaths, [href: string, screen: ScreenPath]> = {
    dashboard: [adminPaths.dashboard, screenPaths.dashboard],
    carriers: [adminPaths.carriers, screenPaths.carriers],
    taxRates: [adminPaths.taxRates, screenPaths.taxRates],
    orders: [adminPaths.orders, screenPaths.orders],
    ordersMatching: [adminPaths.ordersMatching({ status: 'pending', page: 2 }), screenPaths.orders],
    order: [adminPaths.order(7), screenPaths.order],
    orderInvoice: [adminPaths.orderInvoice(7), screenPaths.orderInvoice],
    products: [adminPaths.products, screenPaths.products],
    productsMatching: [adminPaths.productsMatching({ onSale: false }), screenPaths.products],
    newProduct: [adminPaths.newProduct, screenPaths.newProduct],
    product: [adminPaths.product(7), screenPaths.product],
    stockLedger: [adminPaths.stockLedger(7), screenPaths.stockLedger],
    categories: [adminPaths.categories, screenPaths.categories],
    catalogFile: [adminPaths.catalogFile, screenPaths.catalogFile],
    coupons: [adminPaths.coupons, screenPaths.coupons],
    newCoupon: [adminPaths.newCoupon, screenPaths.coupon],
    coupon: [adminPaths.coupon(7), screenPaths.coupon],
    flashSales: [adminPaths.flashSales, screenPaths.flashSales],
    newFlashSale: [adminPaths.newFlashSale, screenPaths.flashSale],
    flashSale: [adminPaths.flashSale(7), screenPaths.flashSale],
    customers: [adminPaths.customers, screenPaths.customers],
    customer: [adminPaths.customer('u 1/2'), screenPaths.customer],
    messages: [adminPaths.messages, screenPaths.messages],
    message: [adminPaths.message(7), screenPaths.message],
    shippingZones: [adminPaths.shippingZones, screenPaths.shippingZones],
    newShippingZone: [adminPaths.newShippingZone, screenPaths.shippingZone],
    shippingZone: [adminPaths.shippingZone(7), screenPaths.shippingZone],
    reviews: [adminPaths.reviews, screenPaths.reviews],
    staff: [adminPaths.staff, screenPaths.staff],
    audit: [adminPaths.audit, screenPaths.audit],
    settings: [adminPaths.settings, screenPaths.settings],
  };

  it.each(Object.entries(links))('%s opens its screen', (_name, [href, path]) => {
    expect(href.startsWith('/admin')).toBe(true);
    expect(screenAt(href)?.path).toBe(path);
  });

  it('has a screen for every path and a path for every screen', () => {
    expect(new Set(adminScreens.map((s) => s.path))).toEqual(new Set(Object.values(screenPaths)));
    expect(adminScreens).toHaveLength(Object.values(screenPaths).length);
  });

  it('puts a parameter into the address as one segment', () => {
    expect(adminPaths.customer('u 1/2')).toBe('/admin/customers/u%201%2F2');
    expect(adminPaths.ordersMatching({ status: 'pending', page: 2 })).toBe(
      '/admin/orders?status=pending&page=2',
    );
  });
});
