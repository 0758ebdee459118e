import { screen, within } from '@testing-library/preact';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminOrderList } from '@souq/contracts/admin-orders';
import { stubMediaQueries } from '../../../test/media';
import { withText } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import AdminApp from '../admin-app';
import { serve, staffSession } from '../shared/test-server';

const list: AdminOrderList = {
  items: [
    {
      id: 7,
      number: 'SQ-7K3M9Q2X',
      status: 'shipped',
      createdAt: '2026-11-23T10:00:00.000Z',
      email: 'rana@example.com',
      customerName: 'Rana Khoury',
      phone: '+961 3 123 456',
      paymentMethod: 'cash_on_delivery',
      currency: 'USD',
      total: 3500,
      itemCount: 3,
    },
  ],
  total: 41,
  page: 1,
  pageSize: 20,
};

// The back office's route loads the shop's order text with it (app/admin-route.ts).
beforeAll(() => withText('orders', Promise.resolve()));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the order list in the back office', () => {
  it("shows each order in the shop's orders table with the back office's columns", async () => {
    stubMediaQueries(true);
    serve({ ...staffSession('manager'), '/api/admin/orders': { status: 200, body: list } });
    renderWithProviders(
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
      </Routes>,
      { route: '/admin/orders?status=shipped' },
    );
    const table = await screen.findByRole('table', { name: 'Orders' }, { timeout: 5000 });
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headings).toEqual([
      'Order number',
      'Date',
      'Customer',
      'Payment method',
      'Items',
      'Status',
      'Total',
    ]);
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(within(cells[0]!).getByRole('link').getAttribute('href')).toBe('/admin/orders/7');
    expect(cells[2]!.textContent).toBe('Rana Khouryrana@example.com');
    expect(cells[3]!.textContent).toBe('Cash on delivery');
    expect(cells[4]!.textContent).toBe('3');
    expect(cells[5]!.textContent).toBe('Shipped');
    expect(cells[6]!.textContent).toBe('$35.00');
    // the next page keeps the filter
    expect(screen.getByRole('link', { name: /Next/ }).getAttribute('href')).toBe(
      '/admin/orders?status=shipped&page=2',
    );
  });
});
