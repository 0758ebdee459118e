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

export interface CheckoutAttempt {
  key: string;
  body: string;
}

/** One Idempotency-Key per distinct order: a retry of the same order reuses it. */
export function keyFor(previous: CheckoutAttempt | null, body: string): CheckoutAttempt {
  if (previous && previous.body === body) return previous;
  return { key: crypto.randomUUID(), body };
}

/*
 * A card order's attempt outlives the page while the shopper is on the provider's page, so that
 * coming back and placing the same order again replays it (the same order, never a second one).
 */
const ATTEMPT_STORAGE_KEY = 'souq.checkoutAttempt';

export function savedAttempt(): CheckoutAttempt | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(ATTEMPT_STORAGE_KEY) ?? 'null') as unknown;
    if (saved && typeof saved === 'object' && 'key' in saved && 'body' in saved) {
      const { key, body } = saved as Record<string, unknown>;
      if (typeof key === 'string' && typeof body === 'string') return { key, body };
    }
  } catch {
    // Storage off or the value unreadable: a new attempt then.
  }
  return null;
}

export function saveAttempt(attempt: CheckoutAttempt | null) {
  try {
    if (attempt) sessionStorage.setItem(ATTEMPT_STORAGE_KEY, JSON.stringify(attempt));
    else sessionStorage.removeItem(ATTEMPT_STORAGE_KEY);
  } catch {
    // Without storage the key lives as long as the page.
  }
}
