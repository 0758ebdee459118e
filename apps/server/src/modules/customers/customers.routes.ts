import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCustomerListQuerySchema,
  adminCustomerListSchema,
  adminCustomerParamsSchema,
  adminCustomerSchema,
} from '@souq/contracts/admin-marketing';
import { apiErrorSchema } from '@souq/contracts/errors';
import type { CustomersService } from './customers.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/** The back office's customers (customers.read) and the subscribers' export (marketing.manage). */
export const customersRoutes: FastifyPluginAsyncZod<{ customers: CustomersService }> = async (
  app,
  { customers },
) => {
  app.get(
    '/api/admin/customers',
    {
      config: { permission: 'customers.read' },
      schema: {
        summary:
          'Back office: shop accounts and guest buyers, newest first, by name or email (customers.read)',
        querystring: adminCustomerListQuerySchema,
        response: { 200: adminCustomerListSchema, ...errors },
      },
    },
    (request) => customers.listCustomers(request.query),
  );

  app.get(
    '/api/admin/customers/:id',
    {
      config: { permission: 'customers.read' },
      schema: {
        summary:
          'Back office: a customer with orders, addresses, newsletter and coupon uses (customers.read)',
        params: adminCustomerParamsSchema,
        response: { 200: adminCustomerSchema, ...errors },
      },
    },
    (request) => customers.getCustomer(request.params.id),
  );

  app.get(
    '/api/admin/newsletter/subscribers.csv',
    {
      config: { permission: 'marketing.manage' },
      schema: {
        summary:
          'Back office: the newsletter subscribers as CSV (email, subscribed_at), oldest first (marketing.manage)',
      },
    },
    (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="newsletter-subscribers.csv"')
        .header('cache-control', 'no-store')
        .send(customers.subscribersCsv()),
  );
};
