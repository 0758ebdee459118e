import { z } from 'zod';
import { productIdSchema, productSummarySchema } from './catalog';
import { distinctLines, lineVariantSchema, ORDER_MAX_LINES, orderLineInputSchema } from './orders';

/** The most wishlist entries kept on the server for one shopper. */
export const WISHLIST_MAX_ITEMS = 200;

/** A cart line names a product, its variant and a quantity, as an order line does. */
export const cartLineInputSchema = orderLineInputSchema;
export type CartLineInput = z.infer<typeof cartLineInputSchema>;

const cartLinesSchema = distinctLines(z.array(cartLineInputSchema).max(ORDER_MAX_LINES));
const wishlistIdsSchema = z
  .array(productIdSchema)
  .max(WISHLIST_MAX_ITEMS)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'A product appears once only' });

/** PUT /api/cart: the signed-in shopper's whole cart. Unknown products and variants are dropped. */
export const putCartSchema = z.object({ items: cartLinesSchema });
/** PUT /api/wishlist */
export const putWishlistSchema = z.object({ productIds: wishlistIdsSchema });

export const serverCartSchema = z.object({
  items: z.array(
    productSummarySchema.extend({
      quantity: z.number().int().positive(),
      /** The variant in the cart; `stock` on the item is this variant's stock. */
      variant: lineVariantSchema,
    }),
  ),
});
export type ServerCart = z.infer<typeof serverCartSchema>;

export const serverWishlistSchema = z.object({ items: z.array(productSummarySchema) });
export type ServerWishlist = z.infer<typeof serverWishlistSchema>;

/**
 * POST /api/cart/merge, on sign-in: the browser's lists join the server's. Quantities of the same
 * variant add up, capped by its stock (and the per-line maximum); no variant appears twice.
 */
export const mergeListsSchema = z.object({
  cart: z.array(cartLineInputSchema).max(ORDER_MAX_LINES),
  wishlist: z.array(productIdSchema).max(WISHLIST_MAX_ITEMS),
  /**
   * The browser's name for this merge. A page that was left while its merge was on its way sends
   * the merge again with the same id, and the lists are added once: a merge the server already
   * applied under that id adds only the variants and wishes the saved lists lack, which that page
   * added while its merge was on its way (their quantities are not added to the saved ones again).
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
