import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminOrder } from '@souq/contracts/admin-orders';
import type { PaymentAttempt, PaymentRefund } from '@souq/contracts/payments';
import { withText } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import AdminApp from '../admin-app';
import { announced, serve, staffSession, type Answer } from '../shared/test-server';

const at = '2026-11-23T10:00:00.000Z';

function anOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  const billing = {
    firstName: 'Rana',
    lastName: 'Khoury',
    companyName: '',
    streetAddress: '4 Mar Mikhael Street',
    apartment: '',
    city: 'Beirut',
    region: '',
    postalCode: '',
    country: 'LB',
    phone: '+961 3 123 456',
    email: 'rana@example.com',
  };
  return {
    id: 7,
    number: 'SQ-7K3M9Q2X',
    status: 'confirmed',
    email: billing.email,
    billing,
    paymentMethod: 'cash_on_delivery',
    shippingMethod: {
      id: 4,
      name: { en: 'Express delivery', ar: 'توصيل سريع' },
      minDays: 0,
      maxDays: 1,
      cashOnDeliveryFee: 0,
    },
    couponCode: null,
    currency: 'USD',
    subtotal: 3000,
    shipping: 500,
    discount: 0,
    tax: 0,
    shippingTax: 0,
    pricesIncludeTax: true,
    taxLines: [],
    total: 3500,
    lines: [
      {
        id: 11,
        productId: 3,
        name: 'Lamp',
        translations: {},
        variant: {
          id: 31,
          colour: {
            name: 'Brass',
            hex: '#b5a642',
            translations: { ar: { name: 'نحاسي' } },
          },
          size: null,
        },
        unitPrice: 1000,
        quantity: 3,
        lineTotal: 3000,
        taxRate: 0,
        tax: 0,
      },
    ],
    createdAt: at,
    cancelledAt: null,
    locale: 'en',
    shipment: null,
    refundedTotal: 0,
    invoiceNumber: null,
    timeline: [{ type: 'placed', at, amount: null, note: null }],
    customer: { userId: null, name: 'Rana Khoury', email: billing.email, phone: billing.phone },
    payment: { status: 'awaiting', at: null, attempts: [] },
    refundedQuantities: {},
    allowedActions: ['ship', 'cancel', 'refund'],
    mails: [],
    history: [],
    ...overrides,
  };
}

const carriers = {
  status: 200,
  body: {
    items: [
      {
        id: 1,
        name: 'Aramex',
        trackingUrl: 'https://www.aramex.com/track/results?ShipmentNumber={number}',
      },
      { id: 4, name: 'Egypt Post', trackingUrl: 'https://egyptpost.gov.eg/track?barcode={number}' },
    ],
  },
};

function renderOrder(routes: Record<string, Answer | (() => Answer)>) {
  const seen = serve({ ...staffSession('manager'), '/api/admin/carriers': carriers, ...routes });
  renderWithProviders(
    <Routes>
      <Route path="/admin/*" element={<AdminApp />} />
    </Routes>,
    { route: '/admin/orders/7' },
  );
  return seen;
}

// The back office's route loads the shop's order text with it (app/admin-route.ts).
beforeAll(() => withText('orders', Promise.resolve()));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("an order's page in the back office", () => {
  it('offers only the actions the server allows', async () => {
    renderOrder({ '/api/admin/orders/7': { status: 200, body: anOrder() } });
    expect(await screen.findByRole('button', { name: 'Ship…' })).toBeTruthy();
    // Each line says which variant was bought.
    expect(screen.getByTestId('line-variant').textContent).toBe('Colour: Brass');
    expect(screen.getByRole('button', { name: 'Cancel order…' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm order' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delivered: cash collected' })).toBeNull();
  });

  it('shows the lines with what was refunded of each, the totals and the billing address', async () => {
    renderOrder({
      '/api/admin/orders/7': {
        status: 200,
        body: anOrder({ refundedTotal: 1000, refundedQuantities: { '11': 1 } }),
      },
    });
    const lines = await screen.findByRole('region', { name: 'Items' });
    const [, row] = within(lines).getAllByRole('row');
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['LampColour: Brass$10.001 refunded', '3', '$30.00']);
    expect(within(lines).getByTestId('order-total').textContent).toBe('$35.00');
    expect(within(lines).getByTestId('order-refunded').textContent).toBe('Refunded$10.00');
    const customer = screen.getByRole('region', { name: 'Customer' });
    expect(
      [...customer.querySelectorAll('address > span')].map((line) => line.textContent),
    ).toEqual(['Rana Khoury', '4 Mar Mikhael Street', 'Beirut', 'Lebanon']);
    // The delivery method the shopper chose, as it was when the order was placed.
    const delivery = within(screen.getByRole('region', { name: 'Payment' })).getByText(
      'Express delivery',
    );
    expect(delivery.parentElement?.textContent).toBe(
      'Express delivery · Arrives today or tomorrow',
    );
  });

  it('asks for the carrier, one of the shop’s, and the tracking number before shipping, and sends nothing until given', async () => {
    const seen = renderOrder({ '/api/admin/orders/7': { status: 200, body: anOrder() } });
    fireEvent.click(await screen.findByRole('button', { name: 'Ship…' }));
    const carrier = await screen.findByLabelText('Carrier');
    expect([...carrier.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Aramex',
      'Egypt Post',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Mark as shipped' }));
    expect(
      await screen.findByText(
        'Enter the tracking number: letters, digits, spaces and . _ / - only.',
      ),
    ).toBeTruthy();
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('puts the server’s refusal of a parcel field beside it and keeps the form open', async () => {
    const seen = renderOrder({
      '/api/admin/orders/7': { status: 200, body: anOrder() },
      'POST /api/admin/orders/7/actions': {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'Check the fields',
            fields: { trackingNumber: 'This tracking number is already used' },
          },
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Ship…' }));
    // The first of the shop's carriers is chosen to start with.
    expect((await screen.findByLabelText<HTMLSelectElement>('Carrier')).value).toBe('1');
    fireEvent.input(screen.getByLabelText('Tracking number'), { target: { value: 'AX 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark as shipped' }));
    expect(await screen.findByText('This tracking number is already used')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark as shipped' })).toBeTruthy();
    expect(seen.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { action: 'ship', carrierId: 1, trackingNumber: 'AX 1' },
    ]);
  });

  it('says when someone else moved the order first, and shows it as it now is', async () => {
    let reads = 0;
    renderOrder({
      '/api/admin/orders/7': () => {
        reads += 1;
        return {
          status: 200,
          body: reads === 1 ? anOrder() : anOrder({ status: 'cancelled', allowedActions: [] }),
        };
      },
      'POST /api/admin/orders/7/actions': {
        status: 409,
        body: { error: { code: 'invalid_transition', message: 'No' } },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Ship…' }));
    fireEvent.input(await screen.findByLabelText('Tracking number'), { target: { value: 'AX 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark as shipped' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Someone else changed this order in the meantime/,
    );
    expect(await screen.findByText('Nothing more to do with this order.')).toBeTruthy();
    expect(reads).toBe(2);
  });

  it('refunds only after a second press, once, and shows the amount the server refunded', async () => {
    const seen = renderOrder({
      '/api/admin/orders/7': { status: 200, body: anOrder() },
      'POST /api/admin/orders/7/actions': {
        status: 200,
        body: anOrder({
          refundedTotal: 2000,
          refundedQuantities: { '11': 2 },
          timeline: [
            { type: 'placed', at, amount: null, note: null },
            { type: 'refunded', at, amount: 2000, note: null },
          ],
        }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Refund…' }));
    fireEvent.input(screen.getByLabelText('Quantity of Lamp (Brass) to refund'), {
      target: { value: '2' },
    });
    fireEvent.click(screen.getByLabelText('Put Lamp (Brass) back in stock'));
    fireEvent.click(screen.getByRole('button', { name: 'Refund…' }));
    expect(await screen.findByText(/Press Refund now to go ahead/)).toBeTruthy();
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Refund now' }));
    expect((await screen.findByText(/^Refunded/)).textContent).toBe('Refunded \u2066$20.00\u2069.');
    const posts = seen.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({
      action: 'refund',
      lines: [{ lineId: 11, quantity: 2, restock: false }],
    });
    expect(posts[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows a refund the provider declined with its reason, and sends it again on request', async () => {
    const attempt: PaymentAttempt = {
      id: 5,
      provider: 'checkout_com',
      reference: 'hpp_1',
      amount: 3500,
      refunded: 0,
      currency: 'USD',
      status: 'paid',
      createdAt: at,
      events: [],
      refunds: [
        {
          id: 9,
          amount: 2000,
          status: 'declined',
          reason: 'Declined - Do Not Honour',
          reference: 'act_1',
          createdAt: at,
        },
      ],
    };
    const paidByCard = (refund: Partial<PaymentRefund> = {}) =>
      anOrder({
        paymentMethod: 'card',
        payment: {
          status: 'received',
          at,
          attempts: [{ ...attempt, refunds: [{ ...attempt.refunds[0]!, ...refund }] }],
        },
      });
    let retried = false;
    const seen = renderOrder({
      '/api/admin/orders/7': () => ({
        status: 200,
        body: retried ? paidByCard({ status: 'sent', reason: null }) : paidByCard(),
      }),
      'POST /api/admin/orders/7/payment-refunds/9/retry': () => {
        retried = true;
        return { status: 204, body: null };
      },
    });
    expect(await screen.findByText('Refund · Declined by the provider')).toBeTruthy();
    expect(screen.getByText('Declined - Do Not Honour')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send the refund again' }));
    expect(await screen.findByText('Refund · Sent to the provider')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send the refund again' })).toBeNull();
    expect(seen.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/admin/orders/7/payment-refunds/9/retry',
    ]);
  });

  it('refuses more of a line than is left beside it, and a refund of nothing, sending nothing', async () => {
    const seen = renderOrder({
      '/api/admin/orders/7': {
        status: 200,
        body: anOrder({ refundedQuantities: { '11': 1 } }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Refund…' }));
    const quantity = 'Quantity of Lamp (Brass) to refund';
    expect(screen.getByLabelText<HTMLInputElement>(quantity).value).toBe('2');
    fireEvent.input(screen.getByLabelText(quantity), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund…' }));
    await waitFor(() =>
      expect(announced(quantity)).toBe('Enter a whole number from 0 to 2 for Lamp (Brass).'),
    );
    expect(screen.queryByText('Choose at least one item to refund.')).toBeNull();
    fireEvent.input(screen.getByLabelText(quantity), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund…' }));
    expect(
      (await screen.findByText('Choose at least one item to refund.')).getAttribute('role'),
    ).toBe('alert');
    expect(announced(quantity)).toBeNull();
    expect(screen.queryByText(/Press Refund now to go ahead/)).toBeNull();
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('reads a quantity typed in Arabic digits and refunds the shipping too when asked', async () => {
    const seen = renderOrder({
      '/api/admin/orders/7': { status: 200, body: anOrder() },
      'POST /api/admin/orders/7/actions': { status: 200, body: anOrder() },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Refund…' }));
    fireEvent.input(screen.getByLabelText('Quantity of Lamp (Brass) to refund'), {
      target: { value: '١' },
    });
    fireEvent.click(screen.getByLabelText('Refund the shipping too'));
    fireEvent.input(screen.getByLabelText(/^Note/), { target: { value: 'Chipped shade' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund…' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Refund now' }));
    await waitFor(() => expect(seen.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
      action: 'refund',
      lines: [{ lineId: 11, quantity: 1, restock: true }],
      includeShipping: true,
      note: 'Chipped shade',
    });
  });
});
