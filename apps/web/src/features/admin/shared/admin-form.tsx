import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
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
import {
  exampleAmountText,
  majorUnitsText,
  parseMoney,
  parseWholeNumber,
} from '@souq/contracts/money';
import { fieldAria, FormField } from '../../../components/ui/form-field';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { apiErrorMessage, readApiError } from '../../../lib/api-error';
import { useAdminTranslation } from './admin-i18n';
import { controlClass, fromShopInput, toShopInput } from './list-parts';

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
 * The end of a short form that opens in place (a VAT rate, a carrier, a category): the server's
 * refusal when it gave one, then the submit button and the one that closes the form.
 */
export function FormButtons({
  error,
  busy,
  submitLabel,
  cancelLabel,
  onCancel,
}: {
  error: unknown;
  busy: boolean;
  submitLabel: string;
  cancelLabel: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {error !== undefined && (
        <p role="alert" className="text-brand">
          {apiErrorMessage(t, error)}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" className="min-h-11" disabled={busy}>
          {submitLabel}
        </Button>
        <Button variant="outline" className="min-h-11" onClick={onCancel}>
          {cancelLabel}
        </Button>
      </div>
    </>
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
  /** Said under the field, and read with it, while it holds no error. */
  hint?: string;
  /** Said beside the field when the schema refuses it; "Check this field." when absent. */
  invalidText?: string;
  className?: string;
}

/** A field's registration, its control's aria and its frame's id and words: the error, else the hint. */
function useField<T extends FieldValues>(
  name: Path<T>,
  invalidText: string | undefined,
  hint: string | undefined,
) {
  const { t } = useAdminTranslation();
  const id = useId();
  const { register, getFieldState, formState } = useFormContext<T>();
  const error = errorText(getFieldState(name, formState).error, invalidText ?? t('common.invalid'));
  return { register, aria: fieldAria(id, error, hint), frame: { id, error, hint } };
}

/** A text box or, with `rows`, a text area. */
export function TextInput<T extends FieldValues>({
  name,
  label,
  hint,
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
  autoCapitalize?: 'characters' | 'off';
  readOnly?: boolean;
}) {
  const field = useField<T>(name, invalidText, hint);
  const setValueAs = empty
    ? (value: unknown) =>
        typeof value === 'string' && value.trim() === ''
          ? empty === 'null'
            ? null
            : undefined
          : value
    : undefined;
  const props = {
    ...field.aria,
    ...field.register(name, { setValueAs }),
    className: `${controlClass} read-only:bg-neutral-100`,
    ...input,
  };
  return (
    <FormField {...field.frame} label={label} required={required} className={className}>
      {rows ? <textarea rows={rows} {...props} /> : <input {...props} />}
    </FormField>
  );
}

/** A file to send, held by the form as the chosen `FileList`. */
export function FileInput<T extends FieldValues>({
  name,
  label,
  hint,
  invalidText,
  className,
  accept,
  disabled,
}: FieldProps<T> & { accept: string; disabled?: boolean }) {
  const field = useField<T>(name, invalidText, hint);
  return (
    <FormField {...field.frame} label={label} className={className}>
      <input
        {...field.aria}
        {...field.register(name)}
        type="file"
        accept={accept}
        disabled={disabled}
        className="min-h-11 file:me-3 file:min-h-11 file:rounded file:border file:border-neutral-400 file:bg-white file:px-4"
      />
    </FormField>
  );
}

/** A choice among `options`; numbers (record ids) are held as numbers. */
export function SelectInput<T extends FieldValues>({
  name,
  label,
  hint,
  invalidText,
  className,
  options,
}: FieldProps<T> & { options: { value: string | number; label: string }[] }) {
  const field = useField<T>(name, invalidText, hint);
  const numeric = typeof options[0]?.value === 'number';
  return (
    <FormField {...field.frame} label={label} className={className}>
      <select
        {...field.aria}
        {...field.register(name, { setValueAs: numeric ? Number : undefined })}
        className={controlClass}
      >
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
 * A text box whose typed text the form holds as what `read` makes of it: `NaN` when it cannot
 * (which no schema accepts, so the form refuses it beside the field), `null` for a blank box when
 * `optional`, else nothing.
 */
function TypedInput<T extends FieldValues, V>({
  name,
  label,
  hint,
  invalidText,
  className,
  optional = false,
  required,
  show,
  read,
  isValue,
  unit,
  ...control
}: FieldProps<T> & {
  optional?: boolean;
  /** Marked with an asterisk beside the label; the schema decides what is accepted. */
  required?: boolean;
  /** The value as the box shows it. */
  show: (value: V) => string;
  /** The typed text as the value, or null when it is not one. */
  read: (text: string) => V | null;
  isValue: (value: unknown) => value is V;
  /** What the text is read in (a money box's currency): when it changes, the text is read again. */
  unit?: string;
  type?: 'text' | 'datetime-local';
  inputMode: 'decimal' | 'numeric' | undefined;
  'aria-label'?: string;
}) {
  const field = useField<T>(name, invalidText, hint);
  const {
    field: { ref, value, onBlur, onChange },
  } = useController<T>({ name });
  const [text, setText] = useState(isValue(value) ? show(value) : '');
  // The figure typed is what the person meant: "3.00" read in KWD instead of USD is 3.000 KWD
  // (3000), not the 300 minor units it held, as the catalog keeps its figures (decision 019).
  const readIn = useRef(unit);
  useEffect(() => {
    if (unit === readIn.current) return;
    readIn.current = unit;
    if (text.trim() !== '') onChange(read(text) ?? NaN);
  }, [unit, text, read, onChange]);
  return (
    <FormField {...field.frame} label={label} required={required} className={className}>
      <input
        {...field.aria}
        {...control}
        ref={ref}
        name={name}
        dir="ltr"
        value={text}
        onBlur={onBlur}
        onChange={(event) => {
          const typed = event.currentTarget.value;
          setText(typed);
          onChange(typed.trim() === '' ? (optional ? null : undefined) : (read(typed) ?? NaN));
        }}
        className={controlClass}
      />
    </FormField>
  );
}

const isWholeNumber = (value: unknown): value is number => Number.isInteger(value);

/**
 * An amount typed in the currency's major units ("12.5", "١٢٫٥", "1,299.99"), held by the form
 * in minor units as the contract wants them (0, 2 or 3 decimals by currency). Empty is `null`
 * when `optional`; a text that is not an amount in the currency is refused beside the field.
 */
export function MoneyInput<T extends FieldValues>({
  label,
  currency,
  invalidText,
  ...props
}: FieldProps<T> & { currency: string; optional?: boolean }) {
  const { t } = useAdminTranslation();
  return (
    <TypedInput<T, number>
      {...props}
      label={`${label} (${currency})`}
      invalidText={
        invalidText ?? t('editor.moneyInvalid', { currency, example: exampleAmountText(currency) })
      }
      show={(minorUnits) => majorUnitsText(minorUnits, currency)}
      read={(typed) => parseMoney(typed, currency)}
      unit={currency}
      isValue={isWholeNumber}
      inputMode="decimal"
    />
  );
}

/** One of `options`, as radio buttons under the label. */
export function RadioInput<T extends FieldValues>({
  name,
  label,
  hint,
  invalidText,
  className = '',
  options,
}: FieldProps<T> & { options: { value: string; label: string }[] }) {
  const field = useField<T>(name, invalidText, hint);
  const { id, error } = field.frame;
  return (
    <fieldset className={`flex flex-col gap-1 ${className}`}>
      <legend className="text-sm text-neutral-700">{label}</legend>
      <div className="flex flex-wrap gap-x-6">
        {options.map((option) => (
          <label key={option.value} className="inline-flex min-h-11 items-center gap-2">
            <input
              {...field.aria}
              id={`${id}-${option.value}`}
              {...field.register(name)}
              type="radio"
              value={option.value}
              className="size-5 accent-brand"
            />
            {option.label}
          </label>
        ))}
      </div>
      <p id={`${id}-error`} className={`min-h-5 text-sm ${error ? 'text-brand' : 'text-muted'}`}>
        {error ?? hint}
      </p>
    </fieldset>
  );
}

/**
 * A moment typed to the minute in the shop's time zone (`SHOP_TIME_ZONE`), held by the form as
 * an ISO time; empty is `null` when `optional`.
 */
export function DateTimeInput<T extends FieldValues>(
  props: FieldProps<T> & { optional?: boolean; required?: boolean },
) {
  return (
    <TypedInput<T, string>
      {...props}
      type="datetime-local"
      show={toShopInput}
      read={fromShopInput}
      isValue={(value): value is string => typeof value === 'string'}
      inputMode={undefined}
    />
  );
}

/** A yes or no, held by the form as a boolean. */
export function CheckboxInput<T extends FieldValues>({
  name,
  label,
  hint,
  invalidText,
  className = '',
  ...input
}: FieldProps<T> & { 'aria-label'?: string }) {
  const field = useField<T>(name, invalidText, hint);
  const { id, error } = field.frame;
  return (
    <div className={`flex flex-col ${className}`}>
      <label htmlFor={id} className="inline-flex min-h-11 items-center gap-2 text-sm">
        <input
          {...field.aria}
          {...field.register(name)}
          {...input}
          type="checkbox"
          className="size-5 shrink-0 accent-brand"
        />
        {label}
      </label>
      {(error ?? hint) && (
        <p id={`${id}-error`} className={`text-sm ${error ? 'text-brand' : 'text-muted'}`}>
          {error ?? hint}
        </p>
      )}
    </div>
  );
}

/**
 * A whole number typed in Western or Arabic-Indic digits ("12", "١٢", "1,000"), below 0 too when
 * `signed` (a change of stock); empty is `null` when `optional`; anything else is refused beside
 * the field.
 */
export function NumberInput<T extends FieldValues>({
  signed = false,
  ...props
}: FieldProps<T> & { optional?: boolean; signed?: boolean; 'aria-label'?: string }) {
  return (
    <TypedInput<T, number>
      {...props}
      show={String}
      read={(typed) => parseWholeNumber(typed, { signed })}
      isValue={isWholeNumber}
      inputMode="numeric"
    />
  );
}

/**
 * Words typed with commas between them ("S, M, L", the Arabic comma too), held as the list of
 * them, trimmed, as the contract wants a list.
 */
export function ListInput<T extends FieldValues>({
  name,
  label,
  invalidText,
  className,
  placeholder,
}: FieldProps<T> & { placeholder?: string }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const {
    field: { ref, value, onBlur, onChange },
    fieldState,
  } = useController<T>({ name });
  const [text, setText] = useState<string>(() =>
    Array.isArray(value) ? (value as string[]).join(', ') : '',
  );
  const error = errorText(fieldState.error, invalidText ?? t('common.invalid'));
  return (
    <FormField id={id} label={label} error={error} className={className}>
      <input
        {...fieldAria(id, error)}
        ref={ref}
        name={name}
        dir="auto"
        placeholder={placeholder}
        value={text}
        onBlur={onBlur}
        onChange={(event) => {
          const typed = event.currentTarget.value;
          setText(typed);
          onChange(
            typed
              .split(/[,،]/)
              .map((word) => word.trim())
              .filter(Boolean),
          );
        }}
        className={controlClass}
      />
    </FormField>
  );
}

/**
 * What is wrong with a group of fields as a whole (a list's own rule, such as each colour once),
 * said below the group and announced; the server's words when it refused the group.
 */
export function GroupError<T extends FieldValues>({
  name,
  invalidText,
}: {
  name: Path<T>;
  invalidText: string;
}) {
  const { getFieldState, formState } = useFormContext<T>();
  const error = getFieldState(name, formState).error as
    (FieldError & { root?: FieldError }) | undefined;
  // A list's own rule is kept at `root` when the list is a field array, else on the list.
  const text = errorText(error?.root ?? (error?.type ? error : undefined), invalidText);
  return text ? (
    <p role="alert" className="text-sm text-brand">
      {text}
    </p>
  ) : null;
}
