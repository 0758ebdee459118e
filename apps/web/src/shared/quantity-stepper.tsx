import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MinusIcon, PlusIcon } from '../components/ui/icons';

/**
 * How many of a product: minus, a field that takes digits only, plus. The same rules wherever
 * it is used: anything but a whole number is refused in words and changes nothing; a number
 * outside min..max becomes the nearest bound, saying why when it is the maximum; a field left
 * empty shows the current quantity again. The cart starts at 0 (0 removes the line, the seed's
 * rule) and ends at the per-order maximum; the product page goes from 1 to what is in stock.
 */
export function QuantityStepper({
  name,
  value,
  min,
  max,
  maxReason,
  onChange,
  disabled = false,
}: {
  /** The product's name, for the buttons' and the field's labels. */
  name: string;
  value: number;
  min: 0 | 1;
  max: number;
  maxReason: 'inStock' | 'perOrder';
  onChange: (quantity: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  const [message, setMessage] = useState<string | null>(null);
  // A new value from outside (a button, another tab) replaces what is typed.
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }
  const top = Math.max(min, max);

  function take(quantity: number) {
    const bounded = Math.min(Math.max(min, quantity), top);
    setMessage(
      quantity > top
        ? t(maxReason === 'inStock' ? 'quantity.atMostInStock' : 'quantity.atMostPerOrder', {
            max: top,
          })
        : null,
    );
    setText(String(bounded));
    if (bounded !== value) onChange(bounded);
  }

  function type(field: HTMLInputElement) {
    const typed = field.value;
    if (typed === '') {
      setText('');
      setMessage(t('quantity.wholeNumber'));
      return;
    }
    if (!/^\d{1,4}$/.test(typed)) {
      // Refused: nothing re-renders then, so the field is put back by hand (Preact leaves the
      // browser's own edit in place).
      field.value = text;
      setMessage(t('quantity.wholeNumber'));
      return;
    }
    take(Number(typed));
  }

  const buttonClass = `flex w-11 items-center justify-center hover:bg-brand hover:text-white disabled:pointer-events-none disabled:opacity-40`;
  return (
    <div>
      <div className="flex h-11 w-fit overflow-hidden rounded border border-neutral-400">
        <button
          type="button"
          aria-label={t('quantity.less', { name })}
          disabled={disabled || value <= min}
          onClick={() => take(value - 1)}
          className={`${buttonClass} border-e border-neutral-400`}
        >
          <MinusIcon width={18} height={18} />
        </button>
        <input
          type="text"
          role="spinbutton"
          inputMode="numeric"
          aria-label={t('quantity.of', { name })}
          aria-valuemin={min}
          aria-valuemax={top}
          aria-valuenow={value}
          aria-invalid={message ? true : undefined}
          disabled={disabled}
          value={text}
          onChange={(event) => type(event.currentTarget)}
          onBlur={() => {
            if (text === '') setMessage(null);
            setText(String(value));
          }}
          className="w-14 text-center text-lg font-medium focus:outline-none"
        />
        <button
          type="button"
          aria-label={t('quantity.more', { name })}
          disabled={disabled || value >= top}
          onClick={() => take(value + 1)}
          className={`${buttonClass} border-s border-neutral-400`}
        >
          <PlusIcon width={18} height={18} />
        </button>
      </div>
      {message && (
        <p role="alert" className="mt-1 text-sm text-brand">
          {message}
        </p>
      )}
    </div>
  );
}
