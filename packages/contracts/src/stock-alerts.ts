import { z } from 'zod';
import { emailSchema } from './auth';
import { recordIdSchema } from './bounds';
import { nameTranslationsSchema } from './catalog';
import { languageSchema } from './language-schemas';

/*
 * Back-in-stock alerts: on a sold-out variant a shopper leaves an email (a signed-in shopper may
 * leave it out: their account's is used) to get one mail, in the language they asked in, when
 * the variant's stock rises above zero. One waiting request per email and variant. The mail's
 * unsubscribe link ends every request of that email for the product still waiting.
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

/** POST /api/stock-alerts/unsubscribe: the token of the mail's link. */
export const stockAlertUnsubscribeSchema = z.object({ token: z.string().min(1).max(100) });
export type StockAlertUnsubscribe = z.infer<typeof stockAlertUnsubscribeSchema>;

/** The product the shopper will not be told about any more, named in every language. */
export const stockAlertUnsubscribedSchema = z.object({
  product: z.object({
    id: z.number().int().positive(),
    name: z.string(),
    translations: nameTranslationsSchema,
  }),
});
export type StockAlertUnsubscribed = z.infer<typeof stockAlertUnsubscribedSchema>;

/** GET /api/admin/stock-alerts (catalog.manage): the variants shoppers wait for, most waited first. */
export const waitingForRestockSchema = z.object({
  items: z.array(
    z.object({
      productId: z.number().int().positive(),
      name: z.string(),
      translations: nameTranslationsSchema,
      variantId: z.number().int().positive(),
      /** '' when the product comes in one colour (or one size). */
      colour: z.string(),
      size: z.string(),
      stock: z.number().int(),
      waiting: z.number().int().positive(),
    }),
  ),
});
export type WaitingForRestock = z.infer<typeof waitingForRestockSchema>;
