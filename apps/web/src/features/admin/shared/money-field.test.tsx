import { fireEvent, screen } from '@testing-library/preact';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { majorUnitsText, parseMoney } from '@souq/contracts/money';
import { renderWithProviders } from '../../../test/render';
import { useAdminText } from './admin-i18n';
import { MoneyField } from './money-field';

function Form() {
  const [text, setText] = useState('');
  const loaded = useAdminText();
  if (!loaded) return null;
  const minor = parseMoney(text, 'USD');
  return (
    <>
      <MoneyField id="price" label="Price" currency="USD" value={text} onChange={setText} />
      <output>{minor === null ? 'none' : String(minor)}</output>
    </>
  );
}

describe('the money field', () => {
  it('turns major units into exact minor units and names what is not an amount', async () => {
    renderWithProviders(<Form />);
    const input = await screen.findByLabelText('Price (USD)');
    const typed = (text: string) => fireEvent.input(input, { target: { value: text } });

    typed('12.5');
    expect(screen.getByRole('status').textContent).toBe('1250');
    expect(input.getAttribute('aria-invalid')).toBeNull();

    typed('0.29');
    expect(screen.getByRole('status').textContent).toBe('29');

    for (const wrong of ['12.345', 'abc', '-3', '1.2.3']) {
      typed(wrong);
      expect(screen.getByRole('status').textContent).toBe('none');
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById('price-error')?.textContent).toBe(
        'Enter an amount in USD, such as 12.50',
      );
    }
  });

  it('reads the currency’s decimals and Arabic digits', () => {
    expect(parseMoney('١٢٫٥', 'USD')).toBe(1250);
    expect(parseMoney('1,299.99', 'USD')).toBe(129999);
    expect(parseMoney('12.345', 'KWD')).toBe(12345);
    expect(parseMoney('12.5', 'JPY')).toBeNull();
    expect(majorUnitsText(1250, 'USD')).toBe('12.50');
    expect(majorUnitsText(1200, 'JPY')).toBe('1200');
  });
});
