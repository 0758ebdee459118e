import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminFlashSaleListSchema,
  adminFlashSaleSchema,
  adminIdParamsSchema,
  flashSaleEditorSchema,
} from '@souq/contracts/admin-marketing';
import { apiErrorSchema } from '@souq/contracts/errors';
import { requireStaff, type CurrentStaff } from '../staff/staff-guard';
import type { FlashSalesService } from './flash-sales.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

const actorOf = (staff: CurrentStaff) => ({ userId: staff.id, email: staff.email });

/** The back office's flash sales (marketing.manage). */
export const flashSalesRoutes: FastifyPluginAsyncZod<{ flashSales: FlashSalesService }> = async (
  app,
  { flashSales },
) => {
  const config = { permission: 'marketing.manage' } as const;

  app.get(
    '/api/admin/flash-sales',
    {
      config,
      schema: {
        summary: 'Back office: flash sales, running, scheduled and ended, with the server time',
        response: { 200: adminFlashSaleListSchema, ...errors },
      },
    },
    () => flashSales.listSales(),
  );

  app.post(
    '/api/admin/flash-sales',
    {
      config,
      schema: {
        summary: 'Back office: schedule a flash sale (marketing.manage)',
        body: flashSaleEditorSchema,
        response: { 201: adminFlashSaleSchema, ...errors },
      },
    },
    async (request, reply) => {
      const sale = await flashSales.createSale(actorOf(requireStaff(request)), request.body);
      return reply.status(201).send(sale);
    },
  );

  app.get(
    '/api/admin/flash-sales/:id',
    {
      config,
      schema: {
        summary: 'Back office: a flash sale (marketing.manage)',
        params: adminIdParamsSchema,
        response: { 200: adminFlashSaleSchema, ...errors },
      },
    },
    (request) => flashSales.getSale(request.params.id),
  );

  app.put(
    '/api/admin/flash-sales/:id',
    {
      config,
      schema: {
        summary: 'Back office: change a scheduled or running flash sale (marketing.manage)',
        params: adminIdParamsSchema,
        body: flashSaleEditorSchema,
        response: { 200: adminFlashSaleSchema, ...errors },
      },
    },
    (request) =>
      flashSales.updateSale(actorOf(requireStaff(request)), request.params.id, request.body),
  );

  app.post(
    '/api/admin/flash-sales/:id/end',
    {
      config,
      schema: {
        summary: 'Back office: end a running flash sale now (marketing.manage)',
        params: adminIdParamsSchema,
        response: { 200: adminFlashSaleSchema, ...errors },
      },
    },
    (request) => flashSales.endSale(actorOf(requireStaff(request)), request.params.id),
  );

  app.delete(
    '/api/admin/flash-sales/:id',
    {
      config,
      schema: {
        summary: 'Back office: delete a flash sale that has not started (marketing.manage)',
        params: adminIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await flashSales.deleteSale(actorOf(requireStaff(request)), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
