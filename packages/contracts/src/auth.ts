import { z } from 'zod';
import { languageSchema } from './language-schemas';
import { singleLineText } from './plain-text';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * Any characters, counted as JavaScript counts them (as better-auth does); the server also
 * refuses the 10 000 most common passwords.
 */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`);

export const emailSchema = z
  .string()
  .trim()
  .pipe(z.email('Enter an email address like name@example.com').max(254));

export const signUpSchema = z.object({
  name: singleLineText().min(1, 'Enter your name').max(100),
  email: emailSchema,
  password: passwordSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z
    .string()
    .min(1, 'Enter your password')
    .max(PASSWORD_MAX_LENGTH * 4),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const requestPasswordResetSchema = z.object({
  email: emailSchema,
  /** The language of the page asking: the reset mail is written in it (the default without). */
  language: languageSchema.optional(),
});
export type RequestPasswordResetInput = z.infer<typeof requestPasswordResetSchema>;

export const resetPasswordSchema = z.object({
  token: singleLineText().min(1).max(200),
  newPassword: passwordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z
    .string()
    .min(1, 'Enter your current password')
    .max(PASSWORD_MAX_LENGTH * 4),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Error codes the auth API answers with, for messages in the shopper's language. */
export const authErrorCodes = {
  emailTaken: 'email_taken',
  invalidCredentials: 'invalid_credentials',
  weakPassword: 'weak_password',
  invalidToken: 'invalid_token',
} as const;
