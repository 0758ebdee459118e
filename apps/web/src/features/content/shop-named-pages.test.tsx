import { screen } from '@testing-library/preact';
import { beforeAll, describe, expect, it } from 'vitest';
import { ServiceStrip } from '../../components/ui/service-strip';
import { withText } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { testShopSettings } from '../../test/shop-settings-fixture';
import AboutPage from './about-page';
import PrivacyPolicyPage from './privacy-policy-page';
import TermsPage from './terms-page';

/** Another shop, so a name written into the text (the demo's "Souq") would show. */
const dunes = {
  ...testShopSettings,
  shopName: 'Dunes Market',
  openingHours: { en: 'Sunday to Thursday, 8:00 to 17:00', ar: 'من الأحد إلى الخميس' },
};

beforeAll(() => withText('content', Promise.resolve()));

describe("pages that speak of the shop use the settings' name", () => {
  it('the about page', () => {
    renderWithProviders(<AboutPage />, { settings: dunes });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('About Dunes Market');
    expect(screen.getByRole('heading', { name: 'Dunes Market in figures' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('Souq');
  });

  it('the privacy policy and the terms', () => {
    const privacy = renderWithProviders(<PrivacyPolicyPage />, { settings: dunes });
    expect(screen.getByText(/personal data Dunes Market collects/)).toBeTruthy();
    privacy.unmount();
    renderWithProviders(<TermsPage />, { settings: dunes });
    expect(screen.getByText(/use the Dunes Market website/)).toBeTruthy();
    expect(document.body.textContent).not.toContain('Souq');
  });
});

describe("the home page's service promise", () => {
  it('gives the opening hours the contact page and the footer give, rather than 24/7', () => {
    renderWithProviders(<ServiceStrip />, { settings: dunes });
    expect(screen.getByText('Sunday to Thursday, 8:00 to 17:00')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/24\/7/);
  });

  it('promises free delivery from the amount the delivery zones set, in the shop’s currency', () => {
    renderWithProviders(<ServiceStrip />, { settings: dunes, freeDeliveryFrom: 25_000 });
    expect(
      screen.getByText(/Free delivery for all orders over \u2066\$250\.00\u2069/),
    ).toBeTruthy();
  });

  it('makes no delivery promise when some zone is never free', () => {
    renderWithProviders(<ServiceStrip />, { settings: dunes, freeDeliveryFrom: null });
    expect(screen.queryByText(/Free delivery/)).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('promises help without hours when the shop has set none', () => {
    renderWithProviders(<ServiceStrip />, { settings: { ...dunes, openingHours: {} } });
    expect(screen.getByText('Friendly help from people who know the shop')).toBeTruthy();
  });
});
