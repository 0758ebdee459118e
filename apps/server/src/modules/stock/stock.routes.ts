import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminProductParamsSchema,
  stockAdjustmentSchema,
  stockMovementListSchema,
  stockMovementQuerySchema,
  stockMovementSchema,
} from '@souq/contracts/admin-catalog';
import { apiErrorSchema } from '@souq/contracts/errors';
import { idempotencyKeySchema } from '@souq/contracts/orders';
import { requireStaff } from '../staff/staff-guard';
import type { StockService } from './stock.service';

const adjustmentHeadersSchema = z.looseObject({ 'idempotency-key': idempotencyKeySchema });

export const stockRoutes: FastifyPluginAsyncZod<{ stock: StockService }> = async (
  app,
  { stock },
) => {
  const errors = {
    400: apiErrorSchema,
    401: apiErrorSchema,
    403: apiErrorSchema,
    404: apiErrorSchema,
  };

  app.get(
    '/api/admin/products/:id/stock-movements',
    {
      config: { permission: 'catalog.manage' },
      schema: {
        summary: "Back office: a product's stock ledger, newest first (catalog.manage)",
        params: adminProductParamsSchema,
        querystring: stockMovementQuerySchema,
        response: { 200: stockMovementListSchema, ...errors },
      },
    },
    (request) => stock.listMovements(request.params.id, request.query.page),
  );

  app.post(
    '/api/admin/products/:id/stock-adjustments',
    {
      config: { permission: 'catalog.manage' },
      schema: {
        summary:
          "Back office: change a variant's stock with a reason, once per Idempotency-Key (catalog.manage)",
        params: adminProductParamsSchema,
        headers: adjustmentHeadersSchema,
        body: stockAdjustmentSchema,
        response: {
          200: stockMovementSchema,
          201: stockMovementSchema,
          ...errors,
          409: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { movement, created } = await stock.adjust(
        requireStaff(request),
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.status(created ? 201 : 200).send(movement);
    },
  );
};
