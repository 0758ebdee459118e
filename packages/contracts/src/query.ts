import { z } from 'zod';

/** A query-string integer: digits only, so "1e3", "0x10", "1.5" and "" are refused. */
export const queryIntSchema = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
