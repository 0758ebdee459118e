import { z } from 'zod';
import { languageSchema } from './language-schemas';
import { multiLineText, singleLineText } from './plain-text';
import { queryIntSchema } from './query';

/*
 * Reviews from buyers. Only an account with a delivered order line for a product may review it,
 * once per product (then edit it); staff publish, hide and reply in the back office
 * (reviews.moderate). Whether a new or edited review shows at once or waits for staff is the
 * shop setting `reviewsNeedApproval`. A product's rating (average, count) and the distribution
 * below come from its published reviews only.
 */

export const reviewStatuses = ['pending', 'published', 'hidden'] as const;
export const reviewStatusSchema = z.enum(reviewStatuses);
export type ReviewStatus = z.infer<typeof reviewStatusSchema>;

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 2000;
export const REVIEW_REPLY_MAX = 2000;
export const REVIEWS_PAGE_SIZE = 10;

/** PUT /api/account/reviews/:productId: write or edit the signed-in buyer's review. */
export const reviewInputSchema = z.object({
  rating: z.number().int().min(1, 'Choose 1 to 5 stars').max(5, 'Choose 1 to 5 stars'),
  title: singleLineText()
    .min(1, 'Give your review a title')
    .max(REVIEW_TITLE_MAX, `At most ${REVIEW_TITLE_MAX} characters`),
  body: multiLineText()
    .min(1, 'Write what you thought of it')
    .max(REVIEW_BODY_MAX, `At most ${REVIEW_BODY_MAX} characters`),
  /** The language the review is written in (the page's, unless the shopper picks another). */
  language: languageSchema,
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;
export type ReviewFormValues = z.input<typeof reviewInputSchema>;

export const productIdParamsSchema = z.object({ productId: queryIntSchema(1, 2_147_483_647) });
export const reviewIdParamsSchema = z.object({ id: queryIntSchema(1, 2_147_483_647) });

/** A review as shoppers see it. */
export const reviewSchema = z.object({
  id: z.number().int().positive(),
  /** The first name and the initial of the last, as the account names its owner. */
  author: z.string(),
  language: languageSchema,
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  /** Set when the author changed it after writing it. */
  editedAt: z.string().nullable(),
  helpfulCount: z.number().int().nonnegative(),
  /** True for a review written by a buyer of the product (false only for the demo shop's). */
  verifiedPurchase: z.boolean(),
  reply: z.object({ text: z.string(), at: z.string() }).nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewSorts = ['newest', 'helpful'] as const;

/** GET /api/products/:productId/reviews */
export const reviewListQuerySchema = z.object({
  sort: z.enum(reviewSorts).optional(),
  /** Only reviews with this many stars. */
  stars: queryIntSchema(1, 5).optional(),
  page: queryIntSchema(1, 10_000).optional(),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

export const ratingSummarySchema = z.object({
  /** One decimal; 0 with no reviews. */
  average: z.number().min(0).max(5),
  count: z.number().int().nonnegative(),
  /** How many published reviews gave 1, 2, 3, 4 and 5 stars, in that order. */
  distribution: z.array(z.number().int().nonnegative()).length(5),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const reviewListSchema = z.object({
  summary: ratingSummarySchema,
  items: z.array(reviewSchema),
  page: z.number().int().positive(),
  /** How many reviews match the filter. */
  total: z.number().int().nonnegative(),
  pageSize: z.number().int().positive(),
});
export type ReviewList = z.infer<typeof reviewListSchema>;

/** GET /api/account/reviews/:productId: whether the signed-in shopper may review it, and theirs. */
export const myReviewSchema = z.object({
  /** True when the account has a delivered order line for the product. */
  canReview: z.boolean(),
  review: reviewSchema.extend({ status: reviewStatusSchema }).nullable(),
  /** The reviews of this product the account has marked helpful. */
  helpfulReviewIds: z.array(z.number().int().positive()),
});
export type MyReview = z.infer<typeof myReviewSchema>;

/** POST /api/reviews/:id/helpful: marking twice counts once. */
export const helpfulVoteSchema = z.object({ helpfulCount: z.number().int().nonnegative() });

/* The back office (reviews.moderate) */

export const adminReviewListQuerySchema = z.object({
  status: reviewStatusSchema.optional(),
  page: queryIntSchema(1, 100_000).optional(),
});
export type AdminReviewListQuery = z.infer<typeof adminReviewListQuerySchema>;

export const adminReviewSchema = reviewSchema.extend({
  status: reviewStatusSchema,
  product: z.object({ id: z.number().int().positive(), name: z.string(), slug: z.string() }),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewListSchema = z.object({
  items: z.array(adminReviewSchema),
  total: z.number().int().nonnegative(),
  /** Reviews waiting for approval, for the navigation's badge. */
  pending: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type AdminReviewList = z.infer<typeof adminReviewListSchema>;

/** PATCH /api/admin/reviews/:id: publish or hide. */
export const reviewModerationSchema = z.object({ status: z.enum(['published', 'hidden']) });

/** PUT /api/admin/reviews/:id/reply: the shop's public answer; empty removes it. */
export const reviewReplySchema = z.object({
  reply: multiLineText().max(REVIEW_REPLY_MAX, `At most ${REVIEW_REPLY_MAX} characters`),
});
export type ReviewReply = z.infer<typeof reviewReplySchema>;
