import { z } from 'zod';

/* The codes are plain values in their own module so the web app can import them without zod. */
export { errorCodes, isErrorCode, type ErrorCode } from './error-codes';

/** The one error shape every API response uses for 4xx and 5xx. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Field path (dot-joined) → message, for input that failed validation. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
