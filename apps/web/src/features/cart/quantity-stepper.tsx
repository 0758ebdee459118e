import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_LINE_MAX_QUANTITY } from '@souq/contracts/orders';

/**
 * − / number / +. Below 1 removes the line (the seed's rule); letters, fractions and numbers over
 * the per-order maximum are refused with a message and never reach the cart.
 */
export function QuantityStepper({
  name,
  quantity,
  onChange,
}: {
  name: string;
  quantity: number;
  onChange: (quantity: number) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  function accept(text: string) {
    setDraft(text);
    if (!/^\d+$/.test(text)) {
      setError(t('cart.wholeNumber'));
      return;
    }
    const value = Number(text);
    if (value > ORDER_LINE_MAX_QUANTITY) {
      setError(t('cart.atMost', { max: ORDER_LINE_MAX_QUANTITY }));
      return;
    }
    setError(null);
    setDraft(null);
    onChange(value);
  }

  const step = (delta: number) => {
    setDraft(null);
    setError(null);
    onChange(quantity + delta);
  };

  return (
    <div>
      <div className="inline-flex items-center rounded border border-neutral-400">
        <button
          type="button"
          aria-label={t('cart.decrease', { name })}
          onClick={() => step(-1)}
          className="px-3 py-2 hover:text-brand"
        >
          −
        </button>
        <label>
          <span className="sr-only">{t('cart.quantityOf', { name })}</span>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={ORDER_LINE_MAX_QUANTITY}
            step={1}
            value={draft ?? String(quantity)}
            aria-invalid={error ? true : undefined}
            onChange={(event) => accept(event.target.value)}
            className="w-14 border-x border-neutral-400 px-2 py-2 text-center"
          />
        </label>
        <button
          type="button"
          aria-label={t('cart.increase', { name })}
          disabled={quantity >= ORDER_LINE_MAX_QUANTITY}
          onClick={() => step(1)}
          className="px-3 py-2 hover:text-brand disabled:text-neutral-400"
        >
          +
        </button>
      </div>
      {error && (
        <p role="alert" className="mt-1 text-sm text-brand">
          {error}
        </p>
      )}
    </div>
  );
}
