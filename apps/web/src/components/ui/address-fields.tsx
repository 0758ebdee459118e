import type { ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { postcodeFormats, regionCountries, type AddressInput } from '@souq/contracts/addresses';
import { useCountryOptions } from '../../lib/country-options';
import { fieldRuleMessage } from '../../lib/field-message';
import { fieldAria, FormField, inputClass } from './form-field';

export type AddressFieldName = keyof AddressInput;

/** A blank address, in `country` (the shop's own, where most of its shoppers live). */
export function emptyAddress(country: string): AddressInput {
  return {
    firstName: '',
    lastName: '',
    companyName: '',
    streetAddress: '',
    apartment: '',
    city: '',
    region: '',
    postalCode: '',
    country,
    phone: '',
    email: '',
  };
}

type FieldSpec = {
  name: Exclude<AddressFieldName, 'country'>;
  autoComplete: string;
  type?: 'tel' | 'email';
  inputMode?: 'tel' | 'email' | 'numeric';
  required?: boolean;
  /** Shown only for a country whose addresses use it. */
  only?: 'region' | 'postcode';
  half?: boolean;
};

/** In the order a parcel's label is read; phones get the keyboard and autofill each one wants. */
const fieldSpecs: readonly FieldSpec[] = [
  { name: 'firstName', autoComplete: 'given-name', required: true, half: true },
  { name: 'lastName', autoComplete: 'family-name', half: true },
  { name: 'companyName', autoComplete: 'organization' },
  { name: 'streetAddress', autoComplete: 'address-line1', required: true },
  { name: 'apartment', autoComplete: 'address-line2' },
  { name: 'city', autoComplete: 'address-level2', required: true, half: true },
  { name: 'region', autoComplete: 'address-level1', required: true, only: 'region', half: true },
  { name: 'postalCode', autoComplete: 'postal-code', required: true, only: 'postcode', half: true },
  { name: 'phone', autoComplete: 'tel', type: 'tel', inputMode: 'tel', required: true },
  { name: 'email', autoComplete: 'email', type: 'email', inputMode: 'email', required: true },
];

/**
 * An address's fields for a react-hook-form form (checkout, the address book): the country
 * first-class, its region and postcode only where that country's addresses use them, each error
 * beside its field and read with it. `textKey` is where the form's labels and messages live
 * (`<textKey>.fields.<name>`, `<textKey>.errors.<name>`).
 */
export function AddressFields({
  idPrefix,
  textKey,
  country,
  field,
  errors,
}: {
  idPrefix: string;
  textKey: string;
  country: string;
  field: (name: AddressFieldName) => UseFormRegisterReturn;
  errors: Partial<Record<AddressFieldName, FieldError>>;
}) {
  const { t } = useTranslation();
  const countries = useCountryOptions();
  const postcode = postcodeFormats[country];
  const shown = fieldSpecs.filter(
    (spec) =>
      spec.only === undefined ||
      (spec.only === 'region' ? regionCountries.has(country) : postcode !== undefined),
  );
  const control = (
    name: AddressFieldName,
    options: { required: boolean; wide: boolean },
    input: (aria: ReturnType<typeof fieldAria>) => ReactNode,
  ) => {
    const id = `${idPrefix}-${name}`;
    const error = fieldRuleMessage(t, errors[name], `${textKey}.errors.${name}`);
    return (
      <FormField
        key={name}
        id={id}
        label={t(`${textKey}.fields.${name}`)}
        required={options.required}
        error={error}
        className={options.wide ? 'sm:col-span-2' : ''}
      >
        {input(fieldAria(id, error))}
      </FormField>
    );
  };
  const countryField = control('country', { required: true, wide: true }, (aria) => (
    <select
      {...aria}
      autoComplete="country"
      aria-required
      className={`${inputClass} min-h-11`}
      {...field('country')}
    >
      {countries.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </select>
  ));
  return (
    <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
      {shown.map((spec) => {
        const rendered = control(
          spec.name,
          { required: spec.required ?? false, wide: !spec.half },
          (aria) => (
            <input
              {...aria}
              type={spec.type ?? 'text'}
              inputMode={
                spec.name === 'postalCode' && postcode?.digits ? 'numeric' : spec.inputMode
              }
              autoComplete={spec.autoComplete}
              aria-required={spec.required ? true : undefined}
              className={inputClass}
              {...field(spec.name)}
            />
          ),
        );
        // The country comes before the street: it decides which fields follow.
        return spec.name === 'streetAddress' ? [countryField, rendered] : rendered;
      })}
    </div>
  );
}
