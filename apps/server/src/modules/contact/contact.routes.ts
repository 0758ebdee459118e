import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessageInputSchema, contactMessageReceiptSchema } from '@souq/contracts/contact';
import { apiErrorSchema } from '@souq/contracts/errors';
import type { ContactService } from './contact.service';

/** A person sends a handful of messages at most; more from one address is a script. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: 60_000 };

export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (
  app,
  { contact },
) => {
  app.post(
    '/api/contact',
    {
      config: { rateLimit: CONTACT_RATE_LIMIT },
      schema: {
        summary: 'Send a message to the shop',
        body: contactMessageInputSchema,
        response: {
          201: contactMessageReceiptSchema,
          400: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return contact.receiveMessage(request.body);
    },
  );
};
