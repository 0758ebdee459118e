import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@souq/contracts/errors';
import { shopSettingsSchema } from '@souq/contracts/shop-settings';
import { requireStaff } from '../staff/staff-guard';
import type { SettingsService } from './settings.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** What shoppers see of the shop (public), and the owner's form over all of it (settings.manage). */
export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (
  app,
  { settings },
) => {
  const config = { permission: 'settings.manage' } as const;

  app.get(
    '/api/settings',
    {
      schema: {
        summary: 'The shop’s name, logo, contact details, promo bar and display delays',
        response: { 200: shopSettingsSchema },
      },
    },
    async (_request, reply) => {
      // Revalidated each time (with its ETag): an owner's change shows on the next request.
      reply.header('cache-control', 'no-cache');
      return settings.read();
    },
  );

  app.get(
    '/api/admin/settings',
    {
      config,
      schema: {
        summary: 'Back office: the shop settings (settings.manage)',
        response: { 200: shopSettingsSchema, ...errors },
      },
    },
    () => settings.read(),
  );

  app.put(
    '/api/admin/settings',
    {
      config,
      schema: {
        summary: 'Back office: save the shop settings, all of them at once (settings.manage)',
        body: shopSettingsSchema,
        response: { 200: shopSettingsSchema, ...errors },
      },
    },
    (request) => {
      const staff = requireStaff(request);
      return settings.update({ userId: staff.id, email: staff.email }, request.body);
    },
  );
};
