import { act, fireEvent, screen } from '@testing-library/preact';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { QuantityStepper } from './quantity-stepper';

/** The stepper as the cart (0..99) or the product page (1..stock) uses it. */
function Stepper({
  start,
  min,
  max,
  maxReason = 'inStock',
  changes = [],
}: {
  start: number;
  min: 0 | 1;
  max: number;
  maxReason?: 'inStock' | 'perOrder';
  changes?: number[];
}) {
  const [value, setValue] = useState(start);
  return (
    <QuantityStepper
      name="Lamp"
      value={value}
      min={min}
      max={max}
      maxReason={maxReason}
      onChange={(quantity) => {
        changes.push(quantity);
        setValue(quantity);
      }}
    />
  );
}

const field = () => screen.getByRole('spinbutton', { name: 'Quantity of Lamp' });
const less = () => screen.getByRole('button', { name: 'One less Lamp' });
const more = () => screen.getByRole('button', { name: 'One more Lamp' });

describe('QuantityStepper', () => {
  it('steps within 1..stock on the product page', () => {
    renderWithProviders(<Stepper start={1} min={1} max={2} />);
    expect(less()).toHaveProperty('disabled', true);
    fireEvent.click(more());
    expect(field()).toHaveProperty('value', '2');
    expect(more()).toHaveProperty('disabled', true);
    fireEvent.click(less());
    expect(field()).toHaveProperty('value', '1');
  });

  it('passes 0 on in the cart, so the line can be removed', () => {
    const changes: number[] = [];
    renderWithProviders(<Stepper start={2} min={0} max={99} changes={changes} />);
    fireEvent.click(more());
    fireEvent.click(less());
    fireEvent.input(field(), { target: { value: '0' } });
    expect(changes).toEqual([3, 2, 0]);
  });

  it('refuses letters, signs and fractions in words and changes nothing', () => {
    const changes: number[] = [];
    renderWithProviders(<Stepper start={2} min={0} max={99} changes={changes} />);
    for (const value of ['1a', '-3', '1.5']) {
      fireEvent.input(field(), { target: { value } });
      expect(field()).toHaveProperty('value', '2');
      expect(screen.getByRole('alert').textContent).toBe('Enter a whole number, like 2.');
    }
    expect(changes).toEqual([]);
    fireEvent.input(field(), { target: { value: '4' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(changes).toEqual([4]);
  });

  it('brings a number above the maximum down to it and says why', () => {
    const changes: number[] = [];
    renderWithProviders(
      <Stepper start={2} min={0} max={99} maxReason="perOrder" changes={changes} />,
    );
    fireEvent.input(field(), { target: { value: '100' } });
    expect(field()).toHaveProperty('value', '99');
    expect(screen.getByRole('alert').textContent).toBe('At most 99 per order.');
    expect(changes).toEqual([99]);
  });

  it('says how many are in stock when the product page brings a number down', () => {
    renderWithProviders(<Stepper start={1} min={1} max={5} />);
    fireEvent.input(field(), { target: { value: '40' } });
    expect(field()).toHaveProperty('value', '5');
    expect(screen.getByRole('alert').textContent).toBe('Only 5 in stock.');
  });

  it('shows the current quantity again when the field is left empty', async () => {
    const changes: number[] = [];
    renderWithProviders(<Stepper start={1} min={1} max={5} changes={changes} />);
    field().focus();
    fireEvent.input(field(), { target: { value: '3' } });
    fireEvent.input(field(), { target: { value: '' } });
    expect(field()).toHaveProperty('value', '');
    await act(() => field().blur());
    expect(field()).toHaveProperty('value', '3');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(changes).toEqual([3]);
  });
});
