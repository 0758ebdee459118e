import type { ReactNode } from 'react';

/**
 * A labelled form control with its error message beside it, or its `hint` where there is no
 * error. The control gets `id`, `aria-describedby` and `aria-invalid` from `fieldAria`.
 */
export function FormField({
  id,
  label,
  required,
  requiredLabel,
  error,
  hint,
  children,
  className = '',
}: {
  id: string;
  label: string;
  required?: boolean;
  /** Read by screen readers after the visible asterisk. */
  requiredLabel?: string;
  error?: string;
  hint?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm text-neutral-700">
        {label}
        {required && (
          <>
            <span aria-hidden="true" className="text-brand">
              *
            </span>
            {requiredLabel && <span className="sr-only"> ({requiredLabel})</span>}
          </>
        )}
      </label>
      {children}
      <p id={`${id}-error`} className={`min-h-5 text-sm ${error ? 'text-brand' : 'text-muted'}`}>
        {error ?? hint}
      </p>
    </div>
  );
}

/** Accessibility props for the control inside a FormField: its error, else its hint, is read with it. */
export function fieldAria(id: string, error: string | undefined, hint?: string) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || hint ? `${id}-error` : undefined,
  } as const;
}

export const inputClass =
  'w-full rounded bg-surface px-4 py-3 text-sm placeholder:text-neutral-600 aria-[invalid=true]:outline aria-[invalid=true]:outline-1 aria-[invalid=true]:outline-brand';
