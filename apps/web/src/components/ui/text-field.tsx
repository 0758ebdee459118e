import { useId, type InputHTMLAttributes, type Ref } from 'react';

/** A labelled input with its error message beside it, announced with the field. */
export function TextField({
  label,
  error,
  ref,
  className = '',
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm text-muted">
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`rounded border bg-surface px-4 py-3 text-neutral-900 focus:outline-2 focus:outline-brand ${error ? 'border-brand' : 'border-transparent'}`}
        {...input}
      />
      {error && (
        <p id={errorId} className="text-sm text-brand">
          {error}
        </p>
      )}
    </div>
  );
}
