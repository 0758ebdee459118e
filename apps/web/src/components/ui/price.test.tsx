import { screen } from '@testing-library/preact';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { moneyInText } from '../../lib/money';
import { Money, Price } from './price';

const BIDI_CONTROLS = /[\u200e\u200f\u061c]/;

describe('Money', () => {
  it('writes an English amount left to right', () => {
    renderWithProviders(<Money amount={2499} currency="USD" />);
    const amount = screen.getByText('$24.99');
    expect(amount.tagName).toBe('BDI');
    expect(amount.getAttribute('dir')).toBe('ltr');
  });

  it('isolates an Arabic amount left to right, so the sign stays beside its digits', async () => {
    await i18n.changeLanguage('ar');
    try {
      renderWithProviders(<Price amount={2499} compareAt={3000} currency="USD" />);
      const amounts = document.querySelectorAll('bdi');
      expect(amounts).toHaveLength(2);
      for (const amount of amounts) {
        expect(amount.getAttribute('dir')).toBe('ltr');
        // Intl's right-to-left mark would undo the isolation; only the isolate decides.
        expect(amount.textContent).not.toMatch(BIDI_CONTROLS);
      }
      expect(amounts[0]!.textContent).toMatch(/^24\.99\sUS\$$/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('isolates an amount inside a sentence with Unicode isolates', () => {
    expect(moneyInText(14000, 'USD', 'en')).toBe('\u2066$140.00\u2069');
    expect(moneyInText(14000, 'USD', 'ar')).toMatch(/^\u2066140\.00\sUS\$\u2069$/);
  });
});
