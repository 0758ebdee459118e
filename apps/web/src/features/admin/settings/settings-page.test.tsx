import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { choose, renderWithProviders } from '../../../test/render';
import { testShopSettings } from '../../../test/shop-settings-fixture';
import AdminApp from '../admin-app';
import { serve, staffSession, type Answer } from '../shared/test-server';

afterEach(() => {
  vi.unstubAllGlobals();
});

function openSettings(save: Answer | ((request: { body: unknown }) => Answer)) {
  const seen = serve({
    ...staffSession('owner'),
    '/api/admin/settings': { status: 200, body: testShopSettings },
    'PUT /api/admin/settings': save,
  });
  renderWithProviders(
    <Routes>
      <Route path="/admin/*" element={<AdminApp />} />
    </Routes>,
    { route: '/admin/settings' },
  );
  return seen;
}

const saveButton = () => screen.getByRole('button', { name: 'Save settings' });

describe('the shop settings screen', () => {
  it('shows the saved settings and sends the changed ones as the contract has them', async () => {
    const seen = openSettings((request) => ({ status: 200, body: request.body }));
    const name = await screen.findByLabelText(/^Shop name/);
    expect(name).toHaveProperty('value', 'Souq');
    expect(screen.getByLabelText('Country')).toHaveProperty('value', 'EG');
    fireEvent.input(name, { target: { value: '  Dar Al Qamar ' } });
    fireEvent.input(screen.getByLabelText('Promo text (العربية)'), {
      target: { value: 'عروض العيد' },
    });
    fireEvent.input(screen.getByLabelText('Address as written (العربية)'), {
      target: { value: '14 شارع محمد مظهر\nالزمالك\nالقاهرة' },
    });
    fireEvent.click(screen.getByLabelText('Show the loader before some pages'));
    // A shop that never set the app offer shows the $3 it gets; the owner makes it $5.
    const appOffer = screen.getByLabelText(/First order from the installed app: discount \(USD\)/);
    expect((appOffer as HTMLInputElement).value).toBe('3.00');
    fireEvent.input(appOffer, { target: { value: '5' } });
    const vatIncluded = screen.getByLabelText('Catalog prices include VAT');
    expect(vatIncluded).toHaveProperty('checked', true);
    fireEvent.click(vatIncluded);
    fireEvent.click(saveButton());

    expect(await screen.findByText(/Settings saved/)).toBeTruthy();
    const sent = seen.find((r) => r.method === 'PUT')?.body;
    expect(sent).toEqual({
      ...testShopSettings,
      shopName: 'Dar Al Qamar',
      promoBar: {
        ...testShopSettings.promoBar,
        text: { ...testShopSettings.promoBar.text, ar: 'عروض العيد' },
      },
      // A language left empty is sent empty, which shows the address fields there.
      writtenAddress: { en: '', ar: '14 شارع محمد مظهر\nالزمالك\nالقاهرة' },
      displayDelays: false,
      appOfferAmount: 500,
      pricesIncludeTax: false,
    });
  });

  it('keeps the app offer’s figure when the owner picks another currency', async () => {
    const seen = openSettings((request) => ({ status: 200, body: request.body }));
    const currency = await screen.findByLabelText(/^Currency/);
    choose(currency, 'KWD');
    const appOffer = await screen.findByLabelText(/installed app: discount \(KWD\)/);
    expect((appOffer as HTMLInputElement).value).toBe('3.00');
    fireEvent.click(saveButton());

    expect(await screen.findByText(/Settings saved/)).toBeTruthy();
    const sent = seen.find((r) => r.method === 'PUT')?.body;
    // 3.00 USD becomes 3.000 KWD (3000 fils), as coupons and prices keep their figures.
    expect(sent).toMatchObject({ currency: 'KWD', appOfferAmount: 3000 });
  });

  it('refuses an app offer with more decimals than the new currency has', async () => {
    const seen = openSettings((request) => ({ status: 200, body: request.body }));
    fireEvent.input(await screen.findByLabelText(/installed app: discount \(USD\)/), {
      target: { value: '3.50' },
    });
    choose(screen.getByLabelText(/^Currency/), 'JPY');
    fireEvent.click(saveButton());

    const appOffer = await screen.findByLabelText(/installed app: discount \(JPY\)/);
    await waitFor(() => {
      expect(appOffer.getAttribute('aria-invalid')).toBe('true');
    });
    expect(seen.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('says beside a field what it takes, and sends nothing', async () => {
    const seen = openSettings({ status: 200, body: testShopSettings });
    fireEvent.input(await screen.findByLabelText('Support phone'), {
      target: { value: '555 0100' },
    });
    fireEvent.input(screen.getByLabelText('Instagram'), {
      target: { value: 'http://instagram.com/souq' },
    });
    fireEvent.click(saveButton());
    expect(await screen.findByText(/Write it in international form/)).toBeTruthy();
    expect(screen.getByText(/Enter an https address on Instagram/)).toBeTruthy();
    expect(screen.getByLabelText('Support phone').getAttribute('aria-invalid')).toBe('true');
    expect(seen.some((r) => r.method === 'PUT')).toBe(false);
  });

  it("puts the server's refusal of a field beside it", async () => {
    openSettings({
      status: 400,
      body: {
        error: {
          code: 'invalid_request',
          message: 'The logo is not an uploaded picture.',
          fields: { 'address.city': 'Not a city we deliver to' },
        },
      },
    });
    await screen.findByLabelText(/^Shop name/);
    fireEvent.click(saveButton());
    expect(await screen.findByText('Not a city we deliver to')).toBeTruthy();
    await waitFor(() => {
      expect(screen.getByLabelText('City').getAttribute('aria-invalid')).toBe('true');
    });
  });
});
