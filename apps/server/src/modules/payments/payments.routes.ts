import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@souq/contracts/errors';
import {
  paymentMethodsOfferedSchema,
  paymentRefundParamsSchema,
  paymentRedirectSchema,
  paymentStateSchema,
  paymentTokenParamsSchema,
  retryPaymentSchema,
} from '@souq/contracts/payments';
import { requireStaff } from '../staff/staff-guard';
import type { PaymentsService } from './payments.service';

/** A provider's event is small; anything near this is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  app.get(
    '/api/payments/methods',
    {
      schema: {
        summary: 'Which payment methods checkout may offer beside cash and bank transfer',
        response: { 200: paymentMethodsOfferedSchema },
      },
    },
    () => ({ card: payments.offers('card') }),
  );

  app.get(
    '/api/payments/:token',
    {
      schema: {
        summary: "The return page's payment: paid, still open, failed or expired, and the order",
        params: paymentTokenParamsSchema,
        response: { 200: paymentStateSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    (request) => payments.stateOf(request.params.token),
  );

  app.post(
    '/api/payments/:token/retry',
    {
      schema: {
        summary: 'Try paying the same order again while its stock is held',
        params: paymentTokenParamsSchema,
        body: retryPaymentSchema,
        response: {
          200: paymentRedirectSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => ({
      redirectUrl: await payments.retry(request.params.token, request.body.locale ?? 'en'),
    }),
  );

  app.post(
    '/api/payments/:token/cancel',
    {
      schema: {
        summary: 'Cancel the order awaiting this payment: its stock returns at once',
        params: paymentTokenParamsSchema,
        response: {
          200: paymentStateSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => {
      await payments.cancelByToken(request.params.token);
      return payments.stateOf(request.params.token);
    },
  );

  app.post(
    '/api/admin/orders/:id/payment-refunds/:refundId/retry',
    {
      config: { permission: 'orders.refund' },
      schema: {
        summary:
          'Back office: send again a refund the payment provider declined after accepting it (orders.refund)',
        params: paymentRefundParamsSchema,
        response: {
          204: z.null(),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await payments.retryRefund(requireStaff(request), request.params.id, request.params.refundId);
      return reply.status(204).send(null);
    },
  );

  await app.register(webhookRoutes, { payments });
};

/**
 * The signature covers the exact bytes sent, so this plugin reads JSON bodies as text (in its own
 * scope only) and leaves parsing to the provider's SDK.
 */
const webhookRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/api/payments/webhooks/:provider',
    {
      schema: {
        summary: "A payment provider's event, verified by its signature (400 when it fails)",
        params: z.object({ provider: z.string().max(40) }),
        response: {
          200: z.object({ received: z.literal(true) }),
          400: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      await payments.takeEvent(request.params.provider, raw, request.headers);
      return { received: true as const };
    },
  );
};
