import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderListQuerySchema,
  adminOrderListSchema,
  adminOrderSchema,
  orderActionSchema,
  outboxMailSchema,
  resendMailParamsSchema,
} from '@souq/contracts/admin-orders';
import { apiErrorSchema } from '@souq/contracts/errors';
import { idempotencyKeySchema, orderParamsSchema } from '@souq/contracts/orders';
import { requireStaff } from '../staff/staff-guard';
import type { AdminOrdersService } from './admin-orders.service';

const actionHeadersSchema = z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() });

export const adminOrdersRoutes: FastifyPluginAsyncZod<{ adminOrders: AdminOrdersService }> = async (
  app,
  { adminOrders },
) => {
  const errors = {
    400: apiErrorSchema,
    401: apiErrorSchema,
    403: apiErrorSchema,
    404: apiErrorSchema,
  };

  app.get(
    '/api/admin/orders',
    {
      config: { permission: 'orders.read' },
      schema: {
        summary: 'Back office: orders, newest first, searched and filtered (orders.read)',
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderListSchema, ...errors },
      },
    },
    (request) => adminOrders.listOrders(request.query),
  );

  app.get(
    '/api/admin/orders/:id',
    {
      config: { permission: 'orders.read' },
      schema: {
        summary:
          'Back office: an order with its customer, timeline, mails and history (orders.read)',
        params: orderParamsSchema,
        response: { 200: adminOrderSchema, ...errors },
      },
    },
    (request) => adminOrders.getOrder(requireStaff(request), request.params.id),
  );

  app.post(
    '/api/admin/orders/:id/actions',
    {
      // Reading is the least any action needs; the service checks the action's own permission.
      config: { permission: 'orders.read' },
      schema: {
        summary:
          'Back office: confirm, ship, deliver, refuse_delivery, cancel or refund an order; a refund carries an Idempotency-Key',
        params: orderParamsSchema,
        headers: actionHeadersSchema,
        body: orderActionSchema,
        response: { 200: adminOrderSchema, ...errors, 409: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    (request) =>
      adminOrders.act(
        requireStaff(request),
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      ),
  );

  app.post(
    '/api/admin/orders/:id/mails/:mailId/resend',
    {
      config: { permission: 'orders.mail' },
      schema: {
        summary: "Back office: queue one of an order's mails again (orders.mail)",
        params: resendMailParamsSchema,
        response: { 202: outboxMailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const mail = await adminOrders.resendMail(request.params.id, request.params.mailId);
      return reply.status(202).send(mail);
    },
  );
};
