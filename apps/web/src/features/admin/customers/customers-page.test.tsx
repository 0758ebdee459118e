import { screen } from '@testing-library/preact';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCustomerList } from '@souq/contracts/admin-marketing';
import { renderWithProviders } from '../../../test/render';
import AdminApp from '../admin-app';
import { adminPaths } from '../shared/admin-paths';
import { serve, staffSession } from '../shared/test-server';

const list: AdminCustomerList = {
  items: [
    {
      id: 'guest:nadia@example.com',
      name: 'Nadia Aziz',
      email: 'nadia@example.com',
      guest: true,
      createdAt: '2026-11-20T10:00:00.000Z',
      orderCount: 2,
      totalSpent: 7550,
      lastOrderAt: '2026-11-23T10:00:00.000Z',
      subscribed: false,
    },
    {
      id: 'u1',
      name: 'Omar Said',
      email: 'omar@example.com',
      guest: false,
      createdAt: '2026-11-01T10:00:00.000Z',
      orderCount: 0,
      totalSpent: 0,
      lastOrderAt: null,
      subscribed: false,
    },
  ],
  total: 2,
  page: 1,
  pageSize: 20,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the customers list in the back office', () => {
  it('shows a guest buyer as a guest, with their orders and money spent', async () => {
    serve({ ...staffSession('support'), '/api/admin/customers': { status: 200, body: list } });
    renderWithProviders(
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
      </Routes>,
      { route: '/admin/customers' },
    );
    const guest = await screen.findByRole('link', { name: /Nadia Aziz/ }, { timeout: 5000 });
    expect(guest.getAttribute('href')).toBe(adminPaths.customer('guest:nadia@example.com'));
    expect(guest.textContent).toContain('Guest');
    expect(guest.textContent).toContain('2 orders');
    expect(guest.textContent).toContain('$75.50');
    const account = screen.getByRole('link', { name: /Omar Said/ });
    expect(account.textContent).not.toContain('Guest');
    expect(account.textContent).toContain('Joined');
  });
});
