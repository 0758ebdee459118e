import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminIdParamsSchema } from '@souq/contracts/admin-marketing';
import { carrierInputSchema, carrierListSchema, carrierSchema } from '@souq/contracts/carriers';
import { apiErrorSchema } from '@souq/contracts/errors';
import { requireStaff, type CurrentStaff } from '../staff/staff-guard';
import type { CarriersService } from './carriers.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

const actorOf = (staff: CurrentStaff) => ({ userId: staff.id, email: staff.email });

/** The carriers: read by whoever ships orders, managed by carriers.manage. */
export const carriersRoutes: FastifyPluginAsyncZod<{ carriers: CarriersService }> = async (
  app,
  { carriers },
) => {
  const config = { permission: 'carriers.manage' } as const;

  app.get(
    '/api/admin/carriers',
    {
      config: { permission: 'orders.read' },
      schema: {
        summary: 'Back office: the carriers and their tracking addresses, by name (orders.read)',
        response: { 200: carrierListSchema, ...errors },
      },
    },
    () => carriers.list(),
  );

  app.post(
    '/api/admin/carriers',
    {
      config,
      schema: {
        summary: 'Back office: add a carrier (carriers.manage)',
        body: carrierInputSchema,
        response: { 201: carrierSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const carrier = await carriers.create(actorOf(requireStaff(request)), request.body);
      return reply.status(201).send(carrier);
    },
  );

  app.put(
    '/api/admin/carriers/:id',
    {
      config,
      schema: {
        summary: 'Back office: change a carrier; shipped orders keep their links (carriers.manage)',
        params: adminIdParamsSchema,
        body: carrierInputSchema,
        response: { 200: carrierSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    (request) => carriers.update(actorOf(requireStaff(request)), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/carriers/:id',
    {
      config,
      schema: {
        summary: 'Back office: remove a carrier; shipped orders keep their links (carriers.manage)',
        params: adminIdParamsSchema,
        response: { 204: z.null(), ...errors, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await carriers.remove(actorOf(requireStaff(request)), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
