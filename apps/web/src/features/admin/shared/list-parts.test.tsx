import { fireEvent, screen } from '@testing-library/preact';
import { useLocation, useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminOrderListQuerySchema } from '@souq/contracts/admin-orders';
import { stubMediaQueries } from '../../../test/media';
import { renderWithProviders } from '../../../test/render';
import { ListFilters } from './list-parts';
import { readListQuery } from './list-query';

function OrderList() {
  const [params] = useSearchParams();
  const location = useLocation();
  return (
    <>
      <ListFilters
        query={readListQuery(adminOrderListQuerySchema, params)}
        clearTo="/admin/orders"
        text={{
          label: 'Search orders',
          search: 'Search',
          searchHint: 'Order number',
          filters: 'Filters',
          apply: 'Show orders',
          clear: 'Clear filters',
        }}
        filters={[
          {
            name: 'status',
            label: 'Status',
            anyLabel: 'Any status',
            options: [
              { value: 'pending', label: 'Pending' },
              { value: 'shipped', label: 'Shipped' },
            ],
          },
          { name: 'from', label: 'Placed from', type: 'date' },
        ]}
      />
      <output aria-label="address">{location.pathname + location.search}</output>
    </>
  );
}

describe('a list filter panel', () => {
  // A phone's width: the filters fold away unless one is set.
  beforeEach(() => {
    stubMediaQueries(false);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('folds the filters away on a phone unless one is set', () => {
    const { unmount } = renderWithProviders(<OrderList />, { route: '/admin/orders?q=nadia' });
    expect(screen.getByText('Filters').closest('details')?.open).toBe(false);
    unmount();
    renderWithProviders(<OrderList />, { route: '/admin/orders?status=pending' });
    expect(screen.getByText('Filters').closest('details')?.open).toBe(true);
  });

  it('shows the filters of the URL, the bad ones dropped', () => {
    renderWithProviders(<OrderList />, {
      route: '/admin/orders?q=nadia&status=shipped&from=yesterday&page=2',
    });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveProperty('value', 'nadia');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveProperty('value', 'shipped');
    expect(screen.getByLabelText('Placed from')).toHaveProperty('value', '');
    expect(screen.getByRole('link', { name: 'Clear filters' }).getAttribute('href')).toBe(
      '/admin/orders',
    );
  });

  it('puts what is filled in into the URL and starts again at the first page', () => {
    renderWithProviders(<OrderList />, { route: '/admin/orders?status=shipped&page=3' });
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search' }), {
      target: { value: '  SQ-1  ' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), {
      target: { value: 'pending' },
    });
    fireEvent.change(screen.getByLabelText('Placed from'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show orders' }));
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe(
      '/admin/orders?q=SQ-1&status=pending&from=2026-11-01',
    );
    // the fields show the new search, read back from the URL
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveProperty('value', 'pending');
  });
});
