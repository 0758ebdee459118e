import { z } from 'zod';
import { multiLineText, singleLineText } from './plain-text';

/** The contact form. `website` is a honeypot: hidden from people, filled in by form-filling bots. */
export const contactMessageInputSchema = z.object({
  name: singleLineText().min(1, 'Enter your name').max(100, 'Use at most 100 characters'),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email('Enter an email address like name@example.com').max(254)),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a phone number (digits, spaces, + ( ) -)'),
  message: multiLineText().max(2000, 'Use at most 2000 characters').default(''),
  website: singleLineText().max(200).default(''),
});
export type ContactMessageInput = z.input<typeof contactMessageInputSchema>;

export const contactMessageReceiptSchema = z.object({
  status: z.literal('received'),
  message: z.string(),
});
export type ContactMessageReceipt = z.infer<typeof contactMessageReceiptSchema>;
