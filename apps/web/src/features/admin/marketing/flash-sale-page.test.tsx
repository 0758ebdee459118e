import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import AdminApp from '../admin-app';
import { announced, serve, staffSession, type Answer } from '../shared/test-server';

afterEach(() => {
  vi.unstubAllGlobals();
});

const lamp = {
  id: 3,
  name: 'Brass lamp',
  translations: {},
  images: ['/media/lamp.webp'],
  price: 4500,
  currency: 'USD',
};

function scheduleSale(saved: Answer) {
  const seen = serve({
    ...staffSession('manager'),
    '/api/admin/flash-sales': {
      status: 200,
      body: { items: [], serverTime: '2026-11-26T09:00:00.000Z' },
    },
    '/api/products': { status: 200, body: { items: [lamp], total: 1, page: 1, limit: 12 } },
    'POST /api/admin/flash-sales': saved,
  });
  renderWithProviders(
    <Routes>
      <Route path="/admin/*" element={<AdminApp />} />
    </Routes>,
    { route: '/admin/flash-sales/new' },
  );
  return seen;
}

const type = async (label: RegExp, value: string) =>
  fireEvent.input(await screen.findByLabelText(label), { target: { value } });

async function pickLamp() {
  await type(/^Find a product/, 'lamp');
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Add Brass lamp' }));
}

const posted = (seen: ReturnType<typeof serve>) => seen.filter((r) => r.method === 'POST');

describe('the flash sale form', () => {
  it('sends its name, times typed in the shop’s time zone and the products picked', async () => {
    const seen = scheduleSale({
      status: 409,
      body: {
        error: {
          code: 'conflict',
          message: 'A product is in at most one flash sale at a time.',
          fields: { 'productIds.0': 'In the sale “Eid” at those times' },
        },
      },
    });
    await type(/^Name\*$/, 'Evening deals');
    await type(/^Starts/, '2026-12-01T18:00');
    await type(/^Ends/, '2026-12-01T23:30');
    await pickLamp();
    expect(await screen.findByRole('timer')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Schedule sale' }));
    await waitFor(() => expect(posted(seen)).toHaveLength(1));
    expect(posted(seen)[0]?.body).toEqual({
      name: 'Evening deals',
      startsAt: '2026-12-01T18:00:00.000Z',
      endsAt: '2026-12-01T23:30:00.000Z',
      productIds: [3],
    });
    // The server's refusal names the product by its place in the list.
    expect(await screen.findByText('Brass lamp: In the sale “Eid” at those times')).toBeTruthy();
  });

  it('refuses an end before the start and a sale of no products, and sends nothing', async () => {
    const seen = scheduleSale({ status: 201, body: {} });
    await type(/^Name\*$/, 'Evening deals');
    await type(/^Starts/, '2026-12-01T18:00');
    await type(/^Ends/, '2026-12-01T17:00');
    fireEvent.click(screen.getByRole('button', { name: 'Schedule sale' }));
    await waitFor(() =>
      expect(announced(/^Ends/)).toBe('Enter when the sale ends, after its start.'),
    );
    expect(announced(/^Starts/)).toBeNull();
    expect(
      screen.getByText('Pick at least one product, each once, up to 100.').getAttribute('role'),
    ).toBe('alert');
    expect(screen.queryByRole('timer')).toBeNull();
    expect(posted(seen)).toEqual([]);
  });
});
