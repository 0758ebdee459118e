import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { choose, renderWithProviders } from '../../../test/render';
import AdminApp from '../admin-app';
import { serve, staffSession } from '../shared/test-server';

afterEach(() => {
  vi.unstubAllGlobals();
});

const saved = { items: [{ country: 'AE', rateBp: 500 }] };

function openRates() {
  const seen = serve({
    ...staffSession('owner'),
    '/api/admin/tax-rates': { status: 200, body: saved },
    'PUT /api/admin/tax-rates': (request: { body: unknown }) => ({
      status: 200,
      body: request.body,
    }),
  });
  renderWithProviders(
    <Routes>
      <Route path="/admin/*" element={<AdminApp />} />
    </Routes>,
    { route: '/admin/tax' },
  );
  return seen;
}

describe('the VAT rates screen', () => {
  it('lists the rates as percentages and adds one to the whole list', async () => {
    const seen = openRates();
    expect(await screen.findByText('5%')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add or change a rate' }));
    choose(screen.getByLabelText('Country'), 'KW');
    fireEvent.input(screen.getByLabelText(/^Rate in basis points/), {
      target: { value: '1500' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save rate' }));
    await waitFor(() => expect(seen.some((r) => r.method === 'PUT')).toBe(true));
    expect(seen.find((r) => r.method === 'PUT')?.body).toEqual({
      items: [
        { country: 'AE', rateBp: 500 },
        { country: 'KW', rateBp: 1500 },
      ],
    });
  });

  it('refuses a rate above 100% beside the field and sends nothing', async () => {
    const seen = openRates();
    fireEvent.click(await screen.findByRole('button', { name: 'Add or change a rate' }));
    fireEvent.input(screen.getByLabelText(/^Rate in basis points/), {
      target: { value: '15000' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save rate' }));
    expect(await screen.findByText(/Enter a whole number from 0 to 10000/)).toBeTruthy();
    expect(seen.some((r) => r.method === 'PUT')).toBe(false);
  });
});
