import { screen, within } from '@testing-library/preact';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '@souq/contracts/dashboard';
import { renderWithProviders } from '../../../test/render';
import AdminApp from '../admin-app';
import { adminPaths } from '../shared/admin-paths';
import { quietDashboard, serve, staffSession } from '../shared/test-server';

function busyDashboard(): Dashboard {
  const quiet = quietDashboard();
  const revenue = (amount: number) => [{ currency: 'EGP', amount }];
  quiet.current.days[29] = { date: quiet.current.to, orders: 2, revenue: revenue(15_000) };
  quiet.current.days[0] = { date: quiet.current.from, orders: 1, revenue: revenue(5_000) };
  quiet.previous.days[29] = { date: quiet.previous.to, orders: 2, revenue: revenue(10_000) };
  return {
    ...quiet,
    current: {
      ...quiet.current,
      totals: [{ currency: 'EGP', orders: 3, revenue: 20_000, averageOrder: 6_667 }],
    },
    previous: {
      ...quiet.previous,
      totals: [{ currency: 'EGP', orders: 2, revenue: 10_000, averageOrder: 5_000 }],
    },
    byStatus: [
      { status: 'pending', count: 2 },
      { status: 'cancelled', count: 1 },
    ],
    topProducts: [
      {
        productId: 4,
        name: 'Linen <b>shirt</b>',
        translations: { ar: { name: 'قميص كتان' } },
        currency: 'EGP',
        revenue: 12_000,
        quantity: 3,
      },
    ],
    topCategories: [
      {
        categoryId: 2,
        slug: 'clothing',
        name: 'Clothing',
        translations: {},
        currency: 'EGP',
        revenue: 12_000,
      },
    ],
    customers: { new: 2, returning: 1 },
    lowStock: {
      total: 1,
      items: [
        {
          productId: 4,
          name: 'Linen <b>shirt</b>',
          translations: {},
          lowVariants: 2,
          variants: 3,
          leastStock: 0,
          threshold: 5,
        },
      ],
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderDashboard(dashboard: Dashboard) {
  serve({ ...staffSession('owner'), '/api/admin/dashboard': { status: 200, body: dashboard } });
  renderWithProviders(
    <Routes>
      <Route path="/admin/*" element={<AdminApp />} />
    </Routes>,
    { route: '/admin' },
  );
}

describe('the dashboard', () => {
  it('compares the last 30 days with the 30 before, in the headline figures', async () => {
    renderDashboard(busyDashboard());
    const figures = await screen.findByRole('region', { name: 'At a glance' }, { timeout: 5000 });
    const revenue = within(figures).getByRole('heading', { name: 'Revenue' }).parentElement!;
    expect(revenue.textContent).toContain('EGP');
    expect(revenue.textContent).toContain('200.00');
    expect(revenue.textContent).toContain('+100%');
    expect(revenue.textContent).toContain('100.00 in the 30 days before');
    const customers = within(figures).getByRole('heading', { name: 'Customers' }).parentElement!;
    expect(customers.textContent).toContain('2 new, 1 returning');
  });

  it('gives each chart its figures as a table, a row per day with the day 30 days before', async () => {
    renderDashboard(busyDashboard());
    const table = await screen.findByRole(
      'table',
      { name: 'Revenue per day (EGP)' },
      { timeout: 5000 },
    );
    const rows = within(table).getAllByRole('row');
    // A heading row and thirty days.
    expect(rows).toHaveLength(31);
    expect(rows.at(-1)!.textContent).toContain('150.00');
    expect(rows.at(-1)!.textContent).toContain('100.00');
    const orders = screen.getByRole('table', { name: 'Orders per day' });
    expect(within(orders).getAllByRole('row')[1]!.textContent).toContain('1');
  });

  it('links statuses, top sellers and low stock to the lists they count', async () => {
    renderDashboard(busyDashboard());
    const status = await screen.findByRole(
      'region',
      { name: 'Orders by status' },
      { timeout: 5000 },
    );
    expect(within(status).getByRole('link', { name: 'Pending' }).getAttribute('href')).toBe(
      adminPaths.ordersMatching({ status: 'pending' }),
    );
    const products = screen.getByRole('region', { name: 'Top products' });
    // Markup in a name is text.
    expect(within(products).getByRole('link', { name: 'Linen <b>shirt</b>' })).toBeTruthy();
    const low = screen.getByRole('region', { name: 'Low stock' });
    expect(
      within(low)
        .getByRole('link', { name: /2 of 3 variants low/ })
        .getAttribute('href'),
    ).toBe(adminPaths.product(4));
    expect(
      within(low).getByRole('link', { name: 'All low-stock products' }).getAttribute('href'),
    ).toBe(adminPaths.productsMatching({ stock: 'low' }));
  });

  it('says so when there is nothing to show yet', async () => {
    renderDashboard(quietDashboard());
    expect(
      await screen.findByText('Every product is well stocked.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getAllByText('No sales in the last 30 days.')).toHaveLength(2);
    expect(screen.getByText('No orders in the last 30 days.')).toBeTruthy();
  });
});
