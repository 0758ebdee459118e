import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { fieldAria, FormField } from './form-field';

/** A FormField holding a plain text input: the common case of the account and sign-in forms. */
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
  return (
    <FormField id={id} label={label} error={error} className={className}>
      <input ref={ref} {...fieldAria(id, error)} className={inputClass(error)} {...input} />
    </FormField>
  );
}

const inputClass = (error: string | undefined) =>
  `rounded border bg-surface px-4 py-3 text-neutral-900 focus:outline-2 focus:outline-brand ${error ? 'border-brand' : 'border-transparent'}`;
