import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@souq/contracts/errors';
import { dashboardSchema } from '@souq/contracts/dashboard';
import type { DashboardService } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  app.get(
    '/api/admin/dashboard',
    {
      config: { permission: 'dashboard.read' },
      schema: {
        summary:
          'The last 30 days against the 30 before, orders by status, top sellers, customers, orders waiting, low stock',
        response: { 200: dashboardSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    () => dashboard.dashboard(),
  );
};
