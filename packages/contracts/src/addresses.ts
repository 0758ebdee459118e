import { z } from 'zod';
import { singleLineText } from './plain-text';

/**
 * A shopper's billing/delivery address: the checkout's Billing Details, which signed-in shoppers
 * keep in their address book (the account page edits it; checkout prefills from the default).
 */
export const addressInputSchema = z.object({
  firstName: singleLineText().min(1, 'Enter your first name').max(100),
  lastName: singleLineText().max(100).default(''),
  companyName: singleLineText().max(200).default(''),
  streetAddress: singleLineText().min(1, 'Enter your street address').max(200),
  apartment: singleLineText().max(200).default(''),
  city: singleLineText().min(1, 'Enter your town or city').max(100),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a phone number (digits, spaces, + ( ) -)'),
  email: z.email('Enter an email address like name@example.com').max(254),
});
export type AddressInput = z.infer<typeof addressInputSchema>;

/** The most addresses one shopper's address book holds. */
export const ADDRESS_BOOK_MAX = 20;

const addressFields = Object.keys(addressInputSchema.shape) as (keyof AddressInput)[];

/** Whether two addresses are the same in every field, so saving one again would add a copy. */
export function isSameAddress(a: AddressInput, b: AddressInput): boolean {
  return addressFields.every((field) => a[field] === b[field]);
}

export const addressSchema = addressInputSchema.extend({
  id: z.number().int().positive(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressListSchema = z.object({ items: z.array(addressSchema) });
