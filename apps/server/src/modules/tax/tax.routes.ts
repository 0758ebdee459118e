import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@souq/contracts/errors';
import { taxRateListSchema, taxRatesUpdateSchema } from '@souq/contracts/tax';
import { requireStaff } from '../staff/staff-guard';
import type { TaxService } from './tax.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** The back office's VAT rates (tax.manage). */
export const taxRoutes: FastifyPluginAsyncZod<{ tax: TaxService }> = async (app, { tax }) => {
  const config = { permission: 'tax.manage' } as const;

  app.get(
    '/api/admin/tax-rates',
    {
      config,
      schema: {
        summary: 'Back office: the VAT rate per country (tax.manage)',
        response: { 200: taxRateListSchema, ...errors },
      },
    },
    async () => ({ items: await tax.listRates() }),
  );

  app.put(
    '/api/admin/tax-rates',
    {
      config,
      schema: {
        summary: 'Back office: replace the VAT rates, one per country (tax.manage)',
        body: taxRatesUpdateSchema,
        response: { 200: taxRateListSchema, ...errors },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const items = await tax.replaceRates(
        { userId: staff.id, email: staff.email },
        request.body.items,
      );
      return { items };
    },
  );
};
