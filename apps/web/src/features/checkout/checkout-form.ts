import { z } from 'zod';
import { addressInputSchema } from '@souq/contracts/addresses';
import { paymentMethodSchema } from '@souq/contracts/orders';

/** The Billing Details (the address book's fields), the payment method and "save this". */
export const checkoutFormSchema = addressInputSchema.extend({
  paymentMethod: paymentMethodSchema,
  saveInfo: z.boolean(),
});
export type CheckoutFormInput = z.input<typeof checkoutFormSchema>;
export type CheckoutForm = z.output<typeof checkoutFormSchema>;

export const emptyCheckoutForm: CheckoutFormInput = {
  firstName: '',
  lastName: '',
  companyName: '',
  streetAddress: '',
  apartment: '',
  city: '',
  phone: '',
  email: '',
  paymentMethod: 'bank_transfer',
  saveInfo: false,
};

/** One Idempotency-Key per distinct order: a retry of the same order reuses it. */
export function keyFor(previous: { key: string; body: string } | null, body: string) {
  if (previous && previous.body === body) return previous;
  return { key: crypto.randomUUID(), body };
}
