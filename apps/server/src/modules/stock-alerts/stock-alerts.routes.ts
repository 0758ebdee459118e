import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIdParamsSchema } from '@souq/contracts/admin-marketing';
import { apiErrorSchema } from '@souq/contracts/errors';
import {
  stockAlertCountsSchema,
  stockAlertReceiptSchema,
  stockAlertRequestSchema,
  stockAlertUnsubscribedSchema,
  stockAlertUnsubscribeSchema,
  waitingForRestockSchema,
} from '@souq/contracts/stock-alerts';
import type { StockAlertsService } from './stock-alerts.service';

/** Each request may end in a mail: as many as the newsletter's sign-ups from one address. */
export const STOCK_ALERT_RATE_LIMIT = { max: 5, timeWindow: 60_000 };
/**
 * A token is 144 random bits, out of reach of guessing at any rate; the limit only keeps a
 * client from hammering the database, and leaves room for a shopper opening several mails.
 */
export const UNSUBSCRIBE_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

export const stockAlertsRoutes: FastifyPluginAsyncZod<{ stockAlerts: StockAlertsService }> = async (
  app,
  { stockAlerts },
) => {
  app.post(
    '/api/stock-alerts',
    {
      config: { rateLimit: STOCK_ALERT_RATE_LIMIT },
      schema: {
        summary: 'Be told by mail when a sold-out variant is back in stock',
        body: stockAlertRequestSchema,
        response: {
          201: stockAlertReceiptSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return stockAlerts.request(request.body, request.currentUser?.id ?? null);
    },
  );

  app.post(
    '/api/stock-alerts/unsubscribe',
    {
      config: { rateLimit: UNSUBSCRIBE_RATE_LIMIT },
      schema: {
        summary: "A back-in-stock mail's unsubscribe link: end the requests still waiting",
        body: stockAlertUnsubscribeSchema,
        response: {
          200: stockAlertUnsubscribedSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    (request) => stockAlerts.unsubscribe(request.body.token),
  );

  app.get(
    '/api/admin/stock-alerts',
    {
      config: { permission: 'catalog.manage' },
      schema: {
        summary: 'Back office: the variants most waited for, with how many wait (catalog.manage)',
        response: { 200: waitingForRestockSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    () => stockAlerts.waitingList(),
  );

  app.get(
    '/api/admin/products/:id/stock-alerts',
    {
      config: { permission: 'catalog.manage' },
      schema: {
        summary: 'Back office: how many shoppers wait for each sold-out variant (catalog.manage)',
        params: adminIdParamsSchema,
        response: { 200: stockAlertCountsSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    (request) => stockAlerts.waitingCounts(request.params.id),
  );
};
