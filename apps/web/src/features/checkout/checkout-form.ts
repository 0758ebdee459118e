import { z } from 'zod';
import { addressFieldsSchema, checkAddressCountryRules } from '@souq/contracts/addresses';
import { paymentMethodSchema } from '@souq/contracts/orders';
import { emptyAddress } from '../../components/ui/address-fields';

/** The Billing Details (the address book's fields), the payment method and "save this". */
export const checkoutFormSchema = addressFieldsSchema
  .extend({
    paymentMethod: paymentMethodSchema,
    saveInfo: z.boolean(),
  })
  .superRefine(checkAddressCountryRules);
export type CheckoutFormInput = z.input<typeof checkoutFormSchema>;
export type CheckoutForm = z.output<typeof checkoutFormSchema>;

/** An empty form, its country the shop's own (where most of its shoppers live). */
export function emptyCheckoutForm(country: string): CheckoutFormInput {
  return { ...emptyAddress(country), paymentMethod: 'bank_transfer', saveInfo: false };
}

/** One Idempotency-Key per distinct order: a retry of the same order reuses it. */
export function keyFor(previous: { key: string; body: string } | null, body: string) {
  if (previous && previous.body === body) return previous;
  return { key: crypto.randomUUID(), body };
}
