import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MinusIcon, PlusIcon } from './catalog-icons';

/**
 * How many to add: minus, a field that takes digits only, plus. The value stays within 1..max;
 * a field left empty shows the current quantity again.
 */
export function QuantityStepper({
  value,
  max,
  onChange,
  label,
  disabled = false,
}: {
  value: number;
  max: number;
  onChange: (quantity: number) => void;
  label: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  // A new value from outside (a button, a clamp) replaces what is typed.
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }
  const clamp = (n: number) => Math.min(Math.max(1, n), Math.max(1, max));

  const buttonClass =
    'flex w-11 items-center justify-center hover:bg-brand hover:text-white disabled:pointer-events-none disabled:opacity-40';
  return (
    <div className="flex h-11 overflow-hidden rounded border border-neutral-400">
      <button
        type="button"
        aria-label={t('quantity.decrease')}
        disabled={disabled || value <= 1}
        onClick={() => onChange(clamp(value - 1))}
        className={`${buttonClass} border-e border-neutral-400`}
      >
        <MinusIcon width={18} height={18} />
      </button>
      <input
        type="text"
        inputMode="numeric"
        aria-label={label}
        disabled={disabled}
        value={text}
        onChange={(event) => {
          const typed = event.currentTarget.value;
          if (!/^\d{0,4}$/.test(typed)) {
            // Letters, signs and decimals are refused. Nothing re-renders then, so the field is
            // put back by hand: Preact leaves the browser's own edit in place.
            event.currentTarget.value = text;
            return;
          }
          setText(typed);
          if (typed !== '') onChange(clamp(Number(typed)));
        }}
        onBlur={() => setText(String(value))}
        className="w-16 text-center text-lg font-medium focus:outline-none"
      />
      <button
        type="button"
        aria-label={t('quantity.increase')}
        disabled={disabled || value >= max}
        onClick={() => onChange(clamp(value + 1))}
        className={`${buttonClass} border-s border-neutral-400`}
      >
        <PlusIcon width={18} height={18} />
      </button>
    </div>
  );
}
