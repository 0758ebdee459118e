import { screen, within } from '@testing-library/preact';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '@souq/contracts/staff';
import { renderWithProviders } from '../../test/render';
import AdminApp from './admin-app';
import { quietDashboard, serve, staffSession, testUser } from './shared/test-server';

function serveStaff(role: StaffRole) {
  serve({
    ...staffSession(role),
    '/api/admin/dashboard': {
      status: 200,
      body: { ...quietDashboard(), waiting: { toConfirm: 2, toShip: 0, toDeliver: 0 } },
    },
  });
}

function LoginPage() {
  const location = useLocation();
  return <h1>Log in {location.search}</h1>;
}

function renderAdmin(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/admin/*" element={<AdminApp />} />
      <Route path="/login" element={<LoginPage />} />
    </Routes>,
    { route },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the back office', () => {
  it('sends a signed-out visitor to log in and back to the same screen', async () => {
    serve({ '/api/account/session': { status: 200, body: { user: null } } });
    renderAdmin('/admin/orders?status=pending');
    expect(
      await screen.findByRole('heading', {
        name: `Log in ?next=${encodeURIComponent('/admin/orders?status=pending')}`,
      }),
    ).toBeTruthy();
  });

  it('tells a shopper who is not staff that they have no access', async () => {
    serve({
      '/api/account/session': { status: 200, body: { user: testUser } },
      '/api/admin/me': { status: 403, body: { error: { code: 'forbidden', message: 'No' } } },
    });
    renderAdmin('/admin');
    expect(
      await screen.findByRole('heading', { name: 'No access to the back office' }),
    ).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Back office sections' })).toBeNull();
  });

  it('shows fulfilment staff only the sections their role includes', async () => {
    serveStaff('fulfilment');
    renderAdmin('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Back office sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Orders']);
    const toConfirm = await screen.findByRole('link', { name: /To confirm/ });
    expect(toConfirm.getAttribute('href')).toBe('/admin/orders?status=pending');
  });

  it('gives an owner every section', async () => {
    serveStaff('owner');
    renderAdmin('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Back office sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'Orders',
      'Products',
      'Waiting for restock',
      'Categories',
      'Import / export',
      'Coupons',
      'Flash sales',
      'Customers',
      'Messages',
      'Shipping',
      'Reviews',
      'Staff',
      'Audit log',
      'Carriers',
      'VAT rates',
      'Settings',
    ]);
  });

  it('gives support customers, messages and reviews but not coupons or flash sales', async () => {
    serveStaff('support');
    renderAdmin('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Back office sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Orders', 'Customers', 'Messages', 'Reviews']);
  });

  it('says so when a role opens a screen it does not include', async () => {
    serveStaff('support');
    renderAdmin('/admin/staff');
    expect(await screen.findByRole('heading', { name: 'Not part of your role' })).toBeTruthy();
  });
});
