import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@souq/contracts/errors';
import { auditListSchema, auditQuerySchema } from '@souq/contracts/staff';
import type { AuditService } from './audit.service';

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (
  app,
  { audit },
) => {
  app.get(
    '/api/admin/audit',
    {
      config: { permission: 'audit.read' },
      schema: {
        summary: 'Read the audit log of back-office changes, newest first',
        querystring: auditQuerySchema,
        response: {
          200: auditListSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    (request) => audit.listEntries(request.query),
  );
};
