import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@souq/contracts/errors';
import {
  orderListQuerySchema,
  orderListSchema,
  orderLookupSchema,
  orderParamsSchema,
  orderSchema,
  placeOrderHeadersSchema,
  placeOrderSchema,
  placedOrderSchema,
  quoteRequestSchema,
  quoteSchema,
} from '@souq/contracts/orders';
import { requireUser } from '../auth/require-user';
import type { OrdersService } from './orders.service';

/** A guest checks an order now and then; many look-ups from one address are guesses. */
export const ORDER_LOOKUP_RATE_LIMIT = { max: 10, timeWindow: 15 * 60_000 };

export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (
  app,
  { orders },
) => {
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

  app.post(
    '/api/orders',
    {
      schema: {
        summary:
          'Place an order (guest or signed in); retries reuse the Idempotency-Key; saveAddress adds the billing address to the address book',
        headers: placeOrderHeadersSchema,
        body: placeOrderSchema,
        response: {
          200: placedOrderSchema,
          201: placedOrderSchema,
          400: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { order, created } = await orders.placeOrder(request.body, {
        idempotencyKey: request.headers['idempotency-key'],
        userId: request.currentUser?.id ?? null,
      });
      return reply.status(created ? 201 : 200).send(order);
    },
  );

  app.post(
    '/api/orders/quote',
    {
      schema: {
        summary: 'Price a cart: current prices, availability, coupon, shipping and total',
        body: quoteRequestSchema,
        response: { 200: quoteSchema, 400: apiErrorSchema },
      },
    },
    (request) => orders.quote(request.body),
  );

  app.post(
    '/api/orders/lookup',
    {
      config: { rateLimit: ORDER_LOOKUP_RATE_LIMIT },
      schema: {
        summary: 'A guest finds an order by its number and the email used',
        body: orderLookupSchema,
        response: { 200: orderSchema, ...errors, 429: apiErrorSchema },
      },
    },
    (request) => orders.lookUpOrder(request.body.number, request.body.email),
  );

  app.post(
    '/api/orders/lookup/cancel',
    {
      config: { rateLimit: ORDER_LOOKUP_RATE_LIMIT },
      schema: {
        summary:
          'A guest cancels an order still awaiting its online payment, found by number and email; its stock returns',
        body: orderLookupSchema,
        response: { 200: orderSchema, ...errors, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    (request) => orders.cancelLookedUpOrder(request.body.number, request.body.email),
  );

  app.get(
    '/api/orders',
    {
      schema: {
        summary: "The signed-in shopper's orders, newest first; ?status= and ?limit= narrow them",
        querystring: orderListQuerySchema,
        response: { 200: orderListSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({
      items: await orders.listOrders(requireUser(request).id, request.query),
    }),
  );

  app.get(
    '/api/orders/:id',
    {
      schema: {
        summary: "One of the signed-in shopper's orders",
        params: orderParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    (request) => orders.getOrder(requireUser(request).id, request.params.id),
  );

  app.post(
    '/api/orders/:id/cancel',
    {
      schema: {
        summary: 'Cancel a pending order; its stock returns',
        params: orderParamsSchema,
        response: { 200: orderSchema, ...errors, 409: apiErrorSchema },
      },
    },
    (request) => orders.cancelOrder(requireUser(request), request.params.id),
  );
};
