import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCoupon } from '@souq/contracts/admin-marketing';
import { renderWithProviders } from '../../../test/render';
import AdminApp from '../admin-app';
import { announced, serve, staffSession, type Answer } from '../shared/test-server';

afterEach(() => {
  vi.unstubAllGlobals();
});

const codeTaken: Answer = {
  status: 409,
  body: {
    error: {
      code: 'conflict',
      message: 'A coupon with the code SPRING already exists.',
      fields: { code: 'This code is taken' },
    },
  },
};

function openCoupon(route: string, answers: Record<string, Answer> = {}) {
  const seen = serve({
    ...staffSession('owner'),
    'POST /api/admin/coupons': codeTaken,
    ...answers,
  });
  renderWithProviders(
    <Routes>
      <Route path="/admin/*" element={<AdminApp />} />
    </Routes>,
    { route },
  );
  return seen;
}

const type = async (label: RegExp, value: string) =>
  fireEvent.input(await screen.findByLabelText(label), { target: { value } });

/** Types each value into the field whose label starts with its key, in order. */
async function fill(fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await type(new RegExp(`^${label}`), value);
}

async function newFixedCoupon(amount: string, minSubtotal: string) {
  const seen = openCoupon('/admin/coupons/new');
  await fill({ Code: 'spring' });
  fireEvent.click(screen.getByLabelText('A fixed amount'));
  await fill({ 'Amount off': amount, 'Minimum subtotal': minSubtotal });
  fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
  return seen;
}

const posted = (seen: ReturnType<typeof serve>) => seen.filter((r) => r.method === 'POST');

describe('the coupon form', () => {
  it('sends amounts typed in major units, Arabic digits too, as exact minor units', async () => {
    const seen = await newFixedCoupon('١٢٫٥٠', '1,000');
    await waitFor(() => expect(posted(seen)).toHaveLength(1));
    expect(posted(seen)[0]?.body).toEqual({
      code: 'SPRING',
      kind: 'fixed',
      amount: 1250,
      minSubtotal: 100000,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      maxUsesPerEmail: null,
      email: null,
      paused: false,
    });
  });

  it('names an amount it cannot read beside it instead of sending it', async () => {
    const seen = await newFixedCoupon('12,50', '0');
    await waitFor(() =>
      expect(announced('Amount off (USD)')).toBe('Enter an amount in USD, such as 12.50'),
    );
    expect(announced('Minimum subtotal (USD)')).toBeNull();
    expect(posted(seen)).toEqual([]);
  });

  it('sends a percentage, limits and times typed in the shop’s time zone, paused if asked', async () => {
    const seen = openCoupon('/admin/coupons/new');
    await fill({
      Code: 'eid',
      'Percent off': '١٥',
      Starts: '2026-12-01T09:00',
      Ends: '2026-12-03T21:30',
      'Uses in all': '500',
      'Uses per customer': '١',
    });
    fireEvent.click(screen.getByLabelText('Create it paused'));
    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(posted(seen)).toHaveLength(1));
    expect(posted(seen)[0]?.body).toMatchObject({
      code: 'EID',
      kind: 'percent',
      amount: 15,
      minSubtotal: 0,
      startsAt: '2026-12-01T09:00:00.000Z',
      endsAt: '2026-12-03T21:30:00.000Z',
      maxUses: 500,
      maxUsesPerEmail: 1,
      paused: true,
    });
  });

  it('refuses a percentage over 100 and an end before the start beside each', async () => {
    const seen = openCoupon('/admin/coupons/new');
    await fill({
      Code: 'eid',
      'Percent off': '150',
      Starts: '2026-12-03T09:00',
      Ends: '2026-12-01T09:00',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() =>
      expect(announced('Percent off (1–100)')).toBe('Enter a whole number from 1 to 100.'),
    );
    expect(announced('Ends (UTC, optional)')).toBe(
      'Enter a time after the start, or leave it empty.',
    );
    expect(posted(seen)).toEqual([]);
  });

  it('puts the server’s refusal of the code beside the code', async () => {
    const seen = openCoupon('/admin/coupons/new');
    await fill({ Code: 'spring', 'Percent off': '10' });
    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(announced(/^Code/)).toBe('This code is taken'));
    expect(posted(seen)).toHaveLength(1);
  });

  it('saves an existing coupon with the paused state it has now', async () => {
    const coupon: AdminCoupon = {
      id: 4,
      code: 'WINTER',
      kind: 'fixed',
      amount: 500,
      minSubtotal: 2000,
      startsAt: null,
      endsAt: '2026-12-31T22:00:00.000Z',
      maxUses: null,
      maxUsesPerEmail: 1,
      email: null,
      usesCount: 3,
      paused: true,
      state: 'paused',
      createdAt: '2026-11-01T10:00:00.000Z',
    };
    const seen = openCoupon('/admin/coupons/4', {
      '/api/admin/coupons/4': { status: 200, body: coupon },
      '/api/admin/coupons/4/uses': { status: 200, body: { items: [], page: 1, hasMore: false } },
      'PUT /api/admin/coupons/4': { status: 200, body: coupon },
    });
    expect((await screen.findByLabelText<HTMLInputElement>(/^Amount off/)).value).toBe('5.00');
    expect(screen.getByLabelText<HTMLInputElement>(/^Ends/).value).toBe('2026-12-31T22:00');
    expect(screen.getByLabelText(/^Code/).hasAttribute('readonly')).toBe(true);
    await type(/^Amount off/, '7.5');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(seen.find((r) => r.method === 'PUT')?.body).toEqual({
      code: 'WINTER',
      kind: 'fixed',
      amount: 750,
      minSubtotal: 2000,
      startsAt: null,
      endsAt: '2026-12-31T22:00:00.000Z',
      maxUses: null,
      maxUsesPerEmail: 1,
      email: null,
      paused: true,
    });
  });
});
