import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@souq/contracts/errors';
import {
  shippingZoneEditorSchema,
  shippingZoneListSchema,
  shippingZoneParamsSchema,
  shippingZoneSchema,
} from '@souq/contracts/shipping';
import { requireStaff, type CurrentStaff } from '../staff/staff-guard';
import type { ShippingService } from './shipping.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

const actorOf = (staff: CurrentStaff) => ({ userId: staff.id, email: staff.email });

/** The back office's shipping zones and methods (shipping.manage). */
export const shippingRoutes: FastifyPluginAsyncZod<{ shipping: ShippingService }> = async (
  app,
  { shipping },
) => {
  const config = { permission: 'shipping.manage' } as const;

  app.get(
    '/api/admin/shipping-zones',
    {
      config,
      schema: {
        summary: 'Back office: shipping zones with their methods (shipping.manage)',
        response: { 200: shippingZoneListSchema, ...errors },
      },
    },
    async () => ({ items: await shipping.listZones() }),
  );

  app.post(
    '/api/admin/shipping-zones',
    {
      config,
      schema: {
        summary: 'Back office: add a shipping zone with its methods (shipping.manage)',
        body: shippingZoneEditorSchema,
        response: { 201: shippingZoneSchema, ...errors },
      },
    },
    async (request, reply) => {
      const zone = await shipping.createZone(actorOf(requireStaff(request)), request.body);
      return reply.status(201).send(zone);
    },
  );

  app.get(
    '/api/admin/shipping-zones/:id',
    {
      config,
      schema: {
        summary: 'Back office: a shipping zone (shipping.manage)',
        params: shippingZoneParamsSchema,
        response: { 200: shippingZoneSchema, ...errors },
      },
    },
    (request) => shipping.getZone(request.params.id),
  );

  app.put(
    '/api/admin/shipping-zones/:id',
    {
      config,
      schema: {
        summary:
          'Back office: change a zone; methods without an id are added, those left out removed (shipping.manage)',
        params: shippingZoneParamsSchema,
        body: shippingZoneEditorSchema,
        response: { 200: shippingZoneSchema, ...errors },
      },
    },
    (request) =>
      shipping.updateZone(actorOf(requireStaff(request)), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/shipping-zones/:id',
    {
      config,
      schema: {
        summary: 'Back office: remove a shipping zone and its methods (shipping.manage)',
        params: shippingZoneParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await shipping.deleteZone(actorOf(requireStaff(request)), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
