import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ReactNode } from 'react';
import {
  FormProvider,
  useController,
  useForm,
  useFormContext,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { majorUnitsText, parseMoney } from '@souq/contracts/money';
import { fieldAria, FormField } from '../../../components/ui/form-field';
import { readApiError } from '../../../lib/api-error';
import { useAdminTranslation } from './admin-i18n';
import { controlClass } from './list-parts';

/**
 * A back-office form's state, checked against the contract's schema (the one the server checks
 * the request with) before anything is sent.
 */
export function useAdminForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    // The resolver's own typing cannot follow a generic schema; the schema decides both sides.
    resolver: zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    defaultValues,
  });
}

/** What a submit handler answers: an RTK Query result, whose refusal may name fields. */
type Submitted = { error?: unknown } | undefined;

/**
 * Every back-office form: sends only what the schema accepts, and puts the server's refusal of a
 * field (`error.fields`) beside that field, as the schema's own errors are.
 */
export function AdminForm<T extends FieldValues, R extends FieldValues>({
  form,
  onSubmit,
  children,
  className = 'flex flex-col gap-3',
}: {
  form: UseFormReturn<T, unknown, R>;
  onSubmit: (values: R) => Promise<Submitted>;
  children: ReactNode;
  className?: string;
}) {
  const submit = form.handleSubmit(async (values) => {
    const result = await onSubmit(values);
    if (!result?.error) return;
    const fields = Object.entries(readApiError(result.error).fields);
    fields.forEach(([field, message], index) =>
      form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 }),
    );
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate className={className}>
        {children}
      </form>
    </FormProvider>
  );
}

/**
 * The words beside a field: the server's own when it refused the value, else `invalidText`
 * (what a valid value looks like) in the staff member's language.
 */
function errorText(error: FieldError | undefined, invalidText: string): string | undefined {
  if (!error) return undefined;
  return error.type === 'server' && error.message ? error.message : invalidText;
}

interface FieldProps<T extends FieldValues> {
  name: Path<T>;
  label: string;
  /** Said beside the field when the schema refuses it; "Check this field." when absent. */
  invalidText?: string;
  className?: string;
}

/** A text box or, with `rows`, a text area. */
export function TextInput<T extends FieldValues>({
  name,
  label,
  invalidText,
  className,
  rows,
  required,
  empty,
  ...input
}: FieldProps<T> & {
  rows?: number;
  /** What a blank box sends: `null` or no value at all, for a schema that accepts either. */
  empty?: 'null' | 'absent';
  /** Marked with an asterisk beside the label; the schema decides what is accepted. */
  required?: boolean;
  type?: 'text' | 'email' | 'number';
  dir?: 'ltr' | 'rtl' | 'auto';
  lang?: string;
  maxLength?: number;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text';
}) {
  const { t } = useAdminTranslation();
  const id = useId();
  const { register, getFieldState, formState } = useFormContext<T>();
  const error = errorText(getFieldState(name, formState).error, invalidText ?? t('common.invalid'));
  const setValueAs = empty
    ? (value: unknown) =>
        typeof value === 'string' && value.trim() === ''
          ? empty === 'null'
            ? null
            : undefined
          : value
    : undefined;
  const props = {
    ...fieldAria(id, error),
    ...register(name, { setValueAs }),
    className: controlClass,
    ...input,
  };
  return (
    <FormField id={id} label={label} required={required} error={error} className={className}>
      {rows ? <textarea rows={rows} {...props} /> : <input {...props} />}
    </FormField>
  );
}

/** A file to send, held by the form as the chosen `FileList`. */
export function FileInput<T extends FieldValues>({
  name,
  label,
  invalidText,
  className,
  accept,
  disabled,
}: FieldProps<T> & { accept: string; disabled?: boolean }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const { register, getFieldState, formState } = useFormContext<T>();
  const error = errorText(getFieldState(name, formState).error, invalidText ?? t('common.invalid'));
  return (
    <FormField id={id} label={label} error={error} className={className}>
      <input
        {...fieldAria(id, error)}
        {...register(name)}
        type="file"
        accept={accept}
        disabled={disabled}
        className="min-h-11 file:me-3 file:min-h-11 file:rounded file:border file:border-neutral-400 file:bg-white file:px-4"
      />
    </FormField>
  );
}

/** A choice among `options`. */
export function SelectInput<T extends FieldValues>({
  name,
  label,
  invalidText,
  className,
  options,
}: FieldProps<T> & { options: { value: string; label: string }[] }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const { register, getFieldState, formState } = useFormContext<T>();
  const error = errorText(getFieldState(name, formState).error, invalidText ?? t('common.invalid'));
  return (
    <FormField id={id} label={label} error={error} className={className}>
      <select {...fieldAria(id, error)} {...register(name)} className={controlClass}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/**
 * An amount typed in the currency's major units ("12.5", "١٢٫٥", "1,299.99"), held by the form
 * in minor units as the contract wants them (0, 2 or 3 decimals by currency). Empty is `null`
 * when `optional`; a text that is not an amount in the currency is refused beside the field.
 */
export function MoneyInput<T extends FieldValues>({
  name,
  label,
  className,
  currency,
  optional = false,
}: FieldProps<T> & { currency: string; optional?: boolean }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const {
    field: { ref, value, onBlur, onChange },
    fieldState,
  } = useController<T>({ name });
  const [text, setText] = useState(
    typeof value === 'number' && Number.isInteger(value) ? majorUnitsText(value, currency) : '',
  );
  const error = errorText(fieldState.error, t('editor.moneyInvalid', { currency }));
  return (
    <FormField id={id} label={`${label} (${currency})`} error={error} className={className}>
      <input
        {...fieldAria(id, error)}
        ref={ref}
        name={name}
        inputMode="decimal"
        dir="ltr"
        value={text}
        onBlur={onBlur}
        onChange={(event) => {
          const typed = event.currentTarget.value;
          setText(typed);
          // Not an amount: NaN, which no money schema accepts, so the form refuses it.
          onChange(
            typed.trim() === ''
              ? optional
                ? null
                : undefined
              : (parseMoney(typed, currency) ?? NaN),
          );
        }}
        className={controlClass}
      />
    </FormField>
  );
}

/** An on/off choice held by the form as a boolean, with what it means said below it. */
export function CheckboxInput<T extends FieldValues>({
  name,
  label,
  hint,
  className = '',
}: Omit<FieldProps<T>, 'invalidText'> & { hint?: string }) {
  const id = useId();
  const { register } = useFormContext<T>();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="inline-flex min-h-11 cursor-pointer items-center gap-3">
        <input
          id={id}
          type="checkbox"
          {...register(name)}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className="size-5 accent-brand"
        />
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="ps-8 text-sm text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}
