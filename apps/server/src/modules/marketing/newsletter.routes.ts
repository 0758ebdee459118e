import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@souq/contracts/errors';
import {
  newsletterSubscriptionInputSchema,
  newsletterSubscriptionSchema,
} from '@souq/contracts/newsletter';
import type { NewsletterService } from './newsletter.service';

/** Enough for a typo or two; not enough to probe a list of addresses. */
export const NEWSLETTER_RATE_LIMIT = { max: 5, timeWindow: 60_000 };

export const newsletterRoutes: FastifyPluginAsyncZod<{ newsletter: NewsletterService }> = async (
  app,
  { newsletter },
) => {
  app.post(
    '/api/newsletter',
    {
      config: { rateLimit: NEWSLETTER_RATE_LIMIT },
      schema: {
        summary: 'Subscribe to the newsletter and receive a first-order coupon',
        body: newsletterSubscriptionInputSchema,
        response: { 200: newsletterSubscriptionSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return newsletter.subscribe(request.body.email);
    },
  );
};
