import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import AdminApp from '../admin-app';
import { serve, staffSession } from '../shared/test-server';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function newFixedCoupon(amount: string, minSubtotal: string) {
  const seen = serve({
    ...staffSession('owner'),
    'POST /api/admin/coupons': {
      status: 409,
      body: { error: { code: 'conflict', message: 'That code is taken.' } },
    },
  });
  renderWithProviders(
    <Routes>
      <Route path="/admin/*" element={<AdminApp />} />
    </Routes>,
    { route: '/admin/coupons/new' },
  );
  fireEvent.input(await screen.findByLabelText(/^Code/), { target: { value: 'SPRING' } });
  fireEvent.click(screen.getByLabelText('A fixed amount'));
  fireEvent.input(await screen.findByLabelText(/^Amount off \(USD\)/), {
    target: { value: amount },
  });
  fireEvent.input(screen.getByLabelText(/^Minimum subtotal/), { target: { value: minSubtotal } });
  fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
  return seen;
}

describe('the coupon form', () => {
  it('sends amounts typed in major units, Arabic digits too, as exact minor units', async () => {
    const seen = await newFixedCoupon('١٢٫٥٠', '1,000');
    await waitFor(() => {
      expect(seen.some((r) => r.method === 'POST')).toBe(true);
    });
    expect(seen.find((r) => r.method === 'POST')?.body).toMatchObject({
      code: 'SPRING',
      kind: 'fixed',
      amount: 1250,
      minSubtotal: 100000,
    });
  });

  it('names an amount it cannot read instead of sending it', async () => {
    const seen = await newFixedCoupon('12,50', '0');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getAllByText(/Enter an amount in USD, such as 12.50/).length).toBeGreaterThan(0);
    expect(seen.some((r) => r.method === 'POST')).toBe(false);
  });
});
