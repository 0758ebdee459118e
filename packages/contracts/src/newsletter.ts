import { z } from 'zod';

export const newsletterSubscriptionInputSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email('Enter an email address like name@example.com').max(254)),
});
export type NewsletterSubscriptionInput = z.infer<typeof newsletterSubscriptionInputSchema>;

/**
 * The same answer whether the address is new or already subscribed, so the form never tells
 * a stranger who is on the list; the code only works at checkout for that email.
 */
export const newsletterSubscriptionSchema = z.object({
  status: z.literal('subscribed'),
  couponCode: z.string(),
  percentOff: z.number().int().positive(),
});
export type NewsletterSubscription = z.infer<typeof newsletterSubscriptionSchema>;
