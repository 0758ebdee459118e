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
import { adminScreens, screenHref } from './screens';
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
const linkTo = (path: string) => screenHref({ ...adminScreens[0]!, path }).replace(':id', '7');

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
