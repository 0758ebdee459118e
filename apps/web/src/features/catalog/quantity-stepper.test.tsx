import { act, fireEvent, screen } from '@testing-library/preact';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { QuantityStepper } from './quantity-stepper';

function Stepper({ max }: { max: number }) {
  const [value, setValue] = useState(1);
  return <QuantityStepper value={value} max={max} onChange={setValue} label="Quantity" />;
}

describe('QuantityStepper', () => {
  it('steps within 1..stock', () => {
    renderWithProviders(<Stepper max={2} />);
    const field = screen.getByRole('textbox', { name: 'Quantity' });
    const less = screen.getByRole('button', { name: 'One less' });
    const more = screen.getByRole('button', { name: 'One more' });
    expect(less).toHaveProperty('disabled', true);
    fireEvent.click(more);
    expect(field).toHaveProperty('value', '2');
    expect(more).toHaveProperty('disabled', true);
    fireEvent.click(less);
    expect(field).toHaveProperty('value', '1');
  });

  it('refuses letters and brings a typed number down to the stock', () => {
    renderWithProviders(<Stepper max={5} />);
    const field = screen.getByRole('textbox', { name: 'Quantity' });
    fireEvent.input(field, { target: { value: '1a' } });
    expect(field).toHaveProperty('value', '1');
    fireEvent.input(field, { target: { value: '-3' } });
    expect(field).toHaveProperty('value', '1');
    fireEvent.input(field, { target: { value: '40' } });
    expect(field).toHaveProperty('value', '5');
  });

  it('shows the current quantity again when the field is left empty', async () => {
    renderWithProviders(<Stepper max={5} />);
    const field = screen.getByRole('textbox', { name: 'Quantity' });
    field.focus();
    fireEvent.input(field, { target: { value: '3' } });
    fireEvent.input(field, { target: { value: '' } });
    expect(field).toHaveProperty('value', '');
    await act(() => field.blur());
    expect(field).toHaveProperty('value', '3');
  });
});
