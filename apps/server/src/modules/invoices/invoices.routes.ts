import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@souq/contracts/errors';
import { taxInvoiceSchema } from '@souq/contracts/invoices';
import { orderLookupSchema, orderParamsSchema } from '@souq/contracts/orders';
import { requireUser } from '../auth/require-user';
import { ORDER_LOOKUP_RATE_LIMIT } from '../orders/orders.routes';
import type { InvoicesService } from './invoices.service';

export const invoicesRoutes: FastifyPluginAsyncZod<{ invoices: InvoicesService }> = async (
  app,
  { invoices },
) => {
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

  app.get(
    '/api/orders/:id/invoice',
    {
      schema: {
        summary: "The tax invoice and credit notes of one of the signed-in shopper's orders",
        params: orderParamsSchema,
        response: { 200: taxInvoiceSchema, ...errors },
      },
    },
    (request) => invoices.forBuyer(requireUser(request).id, request.params.id),
  );

  app.post(
    '/api/orders/lookup/invoice',
    {
      config: { rateLimit: ORDER_LOOKUP_RATE_LIMIT },
      schema: {
        summary: "A guest's tax invoice and credit notes, by the order's number and the email used",
        body: orderLookupSchema,
        response: { 200: taxInvoiceSchema, ...errors, 429: apiErrorSchema },
      },
    },
    (request) => invoices.forGuest(request.body.number, request.body.email),
  );

  app.get(
    '/api/admin/orders/:id/invoice',
    {
      config: { permission: 'orders.read' },
      schema: {
        summary: 'Back office: an order’s tax invoice and credit notes (orders.read)',
        params: orderParamsSchema,
        response: { 200: taxInvoiceSchema, ...errors, 403: apiErrorSchema },
      },
    },
    (request) => invoices.forStaff(request.params.id),
  );
};
