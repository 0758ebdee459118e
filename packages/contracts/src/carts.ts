import { z } from 'zod';
import { productIdSchema, productSummarySchema } from './catalog';
import { ORDER_MAX_LINES, orderQuantitySchema } from './orders';

/** The most wishlist entries kept on the server for one shopper. */
export const WISHLIST_MAX_ITEMS = 200;

export const cartLineInputSchema = z.object({
  productId: productIdSchema,
  quantity: orderQuantitySchema,
});
export type CartLineInput = z.infer<typeof cartLineInputSchema>;

const cartLinesSchema = z
  .array(cartLineInputSchema)
  .max(ORDER_MAX_LINES)
  .refine((lines) => new Set(lines.map((l) => l.productId)).size === lines.length, {
    message: 'A product appears on one line only',
  });
const wishlistIdsSchema = z
  .array(productIdSchema)
  .max(WISHLIST_MAX_ITEMS)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'A product appears once only' });

/** PUT /api/cart: the signed-in shopper's whole cart. Unknown products are dropped. */
export const putCartSchema = z.object({ items: cartLinesSchema });
/** PUT /api/wishlist */
export const putWishlistSchema = z.object({ productIds: wishlistIdsSchema });

export const serverCartSchema = z.object({
  items: z.array(productSummarySchema.extend({ quantity: z.number().int().positive() })),
});
export type ServerCart = z.infer<typeof serverCartSchema>;

export const serverWishlistSchema = z.object({ items: z.array(productSummarySchema) });
export type ServerWishlist = z.infer<typeof serverWishlistSchema>;

/**
 * POST /api/cart/merge, on sign-in: the browser's lists join the server's. Quantities of the same
 * product add up, capped by stock (and the per-line maximum); no product appears twice.
 */
export const mergeListsSchema = z.object({
  cart: z.array(cartLineInputSchema).max(ORDER_MAX_LINES),
  wishlist: z.array(productIdSchema).max(WISHLIST_MAX_ITEMS),
  /**
   * The browser's name for this merge. A merge the server already applied under the same id is
   * not applied again: it answers the saved lists. A page that was left while its merge was on
   * its way sends the merge again with the same id, and the lists are added once.
   */
  mergeId: z
    .string()
    .regex(/^[A-Za-z0-9-]{16,64}$/, 'must be 16 to 64 letters, digits or dashes')
    .optional(),
});
export type MergeLists = z.infer<typeof mergeListsSchema>;

export const mergedListsSchema = z.object({
  cart: serverCartSchema,
  wishlist: serverWishlistSchema,
});
export type MergedLists = z.infer<typeof mergedListsSchema>;
