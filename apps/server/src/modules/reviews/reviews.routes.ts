import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@souq/contracts/errors';
import {
  adminReviewListQuerySchema,
  adminReviewListSchema,
  adminReviewSchema,
  helpfulVoteSchema,
  myReviewSchema,
  productIdParamsSchema,
  reviewIdParamsSchema,
  reviewInputSchema,
  reviewListQuerySchema,
  reviewListSchema,
  reviewModerationSchema,
  reviewReplySchema,
} from '@souq/contracts/reviews';
import { requireUser } from '../auth/require-user';
import { requireStaff } from '../staff/staff-guard';
import type { ReviewsService } from './reviews.service';

/** A buyer writes a review or two; more from one address in ten minutes is a script. */
export const REVIEW_RATE_LIMIT = { max: 5, timeWindow: 10 * 60_000 };
const HELPFUL_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/** Reviews on the product page, the buyer's own, and the back office's moderation. */
export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (
  app,
  { reviews },
) => {
  app.get(
    '/api/products/:productId/reviews',
    {
      schema: {
        summary: 'A product’s published reviews, with the average, count and stars distribution',
        params: productIdParamsSchema,
        querystring: reviewListQuerySchema,
        response: { 200: reviewListSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    (request) => reviews.list(request.params.productId, request.query),
  );

  app.get(
    '/api/account/reviews/:productId',
    {
      schema: {
        summary: 'Whether the signed-in shopper may review the product, and their review',
        params: productIdParamsSchema,
        response: { 200: myReviewSchema, ...errors },
      },
    },
    (request) => reviews.mine(requireUser(request).id, request.params.productId),
  );

  app.put(
    '/api/account/reviews/:productId',
    {
      config: { rateLimit: REVIEW_RATE_LIMIT },
      schema: {
        summary: 'Write or edit the signed-in buyer’s review of a product they received',
        params: productIdParamsSchema,
        body: reviewInputSchema,
        response: { 200: myReviewSchema, ...errors, 429: apiErrorSchema },
      },
    },
    (request) => reviews.write(requireUser(request).id, request.params.productId, request.body),
  );

  app.post(
    '/api/reviews/:id/helpful',
    {
      config: { rateLimit: HELPFUL_RATE_LIMIT },
      schema: {
        summary: 'Mark a review helpful; once per account',
        params: reviewIdParamsSchema,
        response: { 200: helpfulVoteSchema, ...errors, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    (request) => reviews.markHelpful(requireUser(request).id, request.params.id),
  );

  const config = { permission: 'reviews.moderate' } as const;
  const actorOf = (request: Parameters<typeof requireStaff>[0]) => {
    const staff = requireStaff(request);
    return { userId: staff.id, email: staff.email };
  };

  app.get(
    '/api/admin/reviews',
    {
      config,
      schema: {
        summary: 'Back office: reviews, newest first, with the count waiting for approval',
        querystring: adminReviewListQuerySchema,
        response: { 200: adminReviewListSchema, ...errors },
      },
    },
    (request) => reviews.listForModeration(request.query),
  );

  app.patch(
    '/api/admin/reviews/:id',
    {
      config,
      schema: {
        summary: 'Back office: publish or hide a review (reviews.moderate)',
        params: reviewIdParamsSchema,
        body: reviewModerationSchema,
        response: { 200: adminReviewSchema, ...errors },
      },
    },
    (request) => reviews.moderate(actorOf(request), request.params.id, request.body.status),
  );

  app.put(
    '/api/admin/reviews/:id/reply',
    {
      config,
      schema: {
        summary: 'Back office: the shop’s public reply to a review; empty removes it',
        params: reviewIdParamsSchema,
        body: reviewReplySchema,
        response: { 200: adminReviewSchema, ...errors },
      },
    },
    (request) => reviews.reply(actorOf(request), request.params.id, request.body.reply),
  );
};
