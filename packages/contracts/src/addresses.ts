import { z } from 'zod';
import { countryCodeSchema } from './countries';
import { singleLineText } from './plain-text';

/**
 * Countries whose postal addresses need a postcode, each with the form it takes; elsewhere the
 * postcode is optional (Egypt) or unused (the UAE). From the Universal Postal Union's addressing
 * guides (https://www.upu.int/en/Postal-Solutions/Programmes-Services/Addressing-Solutions).
 */
export const postcodeFormats: Readonly<Record<string, { pattern: RegExp; digits: boolean }>> = {
  SA: { pattern: /^\d{5}(-\d{4})?$/, digits: true },
  KW: { pattern: /^\d{5}$/, digits: true },
  US: { pattern: /^\d{5}(-\d{4})?$/, digits: true },
  CA: { pattern: /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/, digits: false },
  GB: { pattern: /^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/, digits: false },
  DE: { pattern: /^\d{5}$/, digits: true },
  FR: { pattern: /^\d{5}$/, digits: true },
  IN: { pattern: /^\d{6}$/, digits: true },
};

/** Countries whose addresses name a region (emirate, state, province) for the post to find them. */
export const regionCountries: ReadonlySet<string> = new Set(['US', 'CA', 'AU']);

/** The address fields as stored and answered; `addressInputSchema` adds each country's rules. */
export const addressFieldsSchema = z.object({
  firstName: singleLineText().min(1, 'Enter your first name').max(100),
  lastName: singleLineText().max(100).default(''),
  companyName: singleLineText().max(200).default(''),
  streetAddress: singleLineText().min(1, 'Enter your street address').max(200),
  apartment: singleLineText().max(200).default(''),
  city: singleLineText().min(1, 'Enter your town or city').max(100),
  /** Emirate, state or province; required where `regionCountries` says. */
  region: singleLineText().max(100).default(''),
  postalCode: singleLineText().max(16).default(''),
  country: countryCodeSchema,
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a phone number (digits, spaces, + ( ) -)'),
  email: z.email('Enter an email address like name@example.com').max(254),
});

/** The postcode and region rules of the address's country, as issues on those fields. */
export function checkAddressCountryRules(
  address: { country: string; region: string; postalCode: string },
  context: z.RefinementCtx,
): void {
  const format = postcodeFormats[address.country];
  if (format && !format.pattern.test(address.postalCode)) {
    context.addIssue({
      code: 'custom',
      path: ['postalCode'],
      message: address.postalCode ? 'Enter a valid postcode' : 'Enter your postcode',
    });
  } else if (!format && !/^[A-Za-z0-9 -]*$/.test(address.postalCode)) {
    context.addIssue({ code: 'custom', path: ['postalCode'], message: 'Enter a valid postcode' });
  }
  if (regionCountries.has(address.country) && !address.region) {
    context.addIssue({ code: 'custom', path: ['region'], message: 'Enter your region' });
  }
}

/**
 * A shopper's billing/delivery address: the checkout's Billing Details, which signed-in shoppers
 * keep in their address book (the account page edits it; checkout prefills from the default).
 */
export const addressInputSchema = addressFieldsSchema.superRefine(checkAddressCountryRules);
export type AddressInput = z.infer<typeof addressFieldsSchema>;

/** The most addresses one shopper's address book holds. */
export const ADDRESS_BOOK_MAX = 20;

const addressFields = Object.keys(addressFieldsSchema.shape) as (keyof AddressInput)[];

/** Whether two addresses are the same in every field, so saving one again would add a copy. */
export function isSameAddress(a: AddressInput, b: AddressInput): boolean {
  return addressFields.every((field) => a[field] === b[field]);
}

export const addressSchema = addressFieldsSchema.extend({
  id: z.number().int().positive(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressListSchema = z.object({ items: z.array(addressSchema) });
