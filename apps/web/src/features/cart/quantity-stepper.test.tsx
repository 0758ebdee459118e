import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { QuantityStepper } from './quantity-stepper';

await initI18n();

function Harness({ changes }: { changes: number[] }) {
  const [quantity, setQuantity] = useState(2);
  return (
    <QuantityStepper
      name="Lamp"
      quantity={quantity}
      onChange={(value) => {
        changes.push(value);
        setQuantity(value);
      }}
    />
  );
}

describe('quantity stepper', () => {
  afterEach(cleanup);

  it('steps up and down, and passes 0 on so the cart can remove the line', () => {
    const changes: number[] = [];
    render(<Harness changes={changes} />);
    fireEvent.click(screen.getByRole('button', { name: 'One more Lamp' }));
    fireEvent.click(screen.getByRole('button', { name: 'One less Lamp' }));
    fireEvent.input(screen.getByRole('spinbutton', { name: 'Quantity of Lamp' }), {
      target: { value: '0' },
    });
    expect(changes).toEqual([3, 2, 0]);
  });

  it('refuses fractions, empty input and more than the per-order maximum, in words', () => {
    const changes: number[] = [];
    render(<Harness changes={changes} />);
    const input = screen.getByRole('spinbutton', { name: 'Quantity of Lamp' });
    for (const value of ['1.5', '', '100']) {
      fireEvent.input(input, { target: { value } });
      expect(screen.getByRole('alert').textContent).toMatch(/whole number|At most 99/);
    }
    expect(changes).toEqual([]);
    fireEvent.input(input, { target: { value: '4' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(changes).toEqual([4]);
  });
});
