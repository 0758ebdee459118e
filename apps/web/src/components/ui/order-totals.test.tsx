import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { OrderTotals as Totals } from '@souq/contracts/orders';
import { renderWithProviders } from '../../test/render';
import { OrderTotals } from './order-totals';

const riyadh: Totals = {
  currency: 'SAR',
  subtotal: 10000,
  shipping: 1000,
  discount: 0,
  tax: 1434,
  shippingTax: 130,
  pricesIncludeTax: true,
  taxLines: [{ rateBp: 1500, amount: 1434 }],
  total: 11000,
};

describe('OrderTotals', () => {
  it('says the VAT a total includes, below it', () => {
    renderWithProviders(<OrderTotals totals={riyadh} />);
    const tax = screen.getByTestId('order-tax');
    expect(tax.textContent).toMatch(/^Includes VAT \(15%\):SAR\s14\.34$/);
    // Below the total: the total already holds it.
    const total = screen.getByTestId('order-total');
    expect(total.compareDocumentPosition(tax) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('adds a VAT line above the total when prices exclude it', () => {
    renderWithProviders(
      <OrderTotals totals={{ ...riyadh, pricesIncludeTax: false, total: 12434 }} />,
    );
    const tax = screen.getByTestId('order-tax');
    expect(tax.textContent).toMatch(/^VAT \(15%\):SAR\s14\.34$/);
    const total = screen.getByTestId('order-total');
    expect(tax.compareDocumentPosition(total) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no VAT for an untaxed order', () => {
    renderWithProviders(<OrderTotals totals={{ ...riyadh, tax: 0, taxLines: [] }} />);
    expect(screen.queryByTestId('order-tax')).toBeNull();
  });
});
