import { z } from 'zod';
import { emailSchema } from './auth';
import { recordIdSchema } from './bounds';
import { languageSchema } from './language-schemas';

/*
 * Back-in-stock alerts: on a sold-out variant a shopper leaves an email (a signed-in shopper may
 * leave it out: their account's is used) to get one mail, in the language they asked in, when
 * the variant's stock rises above zero. One waiting request per email and variant.
 */

/** POST /api/stock-alerts */
export const stockAlertRequestSchema = z.object({
  variantId: recordIdSchema,
  email: emailSchema.optional(),
  language: languageSchema,
});
export type StockAlertRequest = z.infer<typeof stockAlertRequestSchema>;

/** The same answer whether the request is new or already waiting, so it tells nothing else. */
export const stockAlertReceiptSchema = z.object({ waiting: z.literal(true) });

/** GET /api/admin/products/:id/stock-alerts (catalog.manage): who waits, per variant. */
export const stockAlertCountsSchema = z.object({
  items: z.array(
    z.object({
      variantId: z.number().int().positive(),
      waiting: z.number().int().nonnegative(),
    }),
  ),
});
export type StockAlertCounts = z.infer<typeof stockAlertCountsSchema>;
