import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@souq/contracts/errors';
import { staffMeSchema } from '@souq/contracts/staff';
import { ANY_STAFF, requireStaff } from './staff-guard';
import type { StaffService } from './staff.service';

const guarded = { 401: apiErrorSchema, 403: apiErrorSchema };

export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService }> = async (
  app,
  { staff },
) => {
  app.get(
    '/api/admin/me',
    {
      config: { permission: ANY_STAFF },
      schema: {
        summary: 'Who is using the back office, and what their role may do',
        response: { 200: staffMeSchema, ...guarded },
      },
    },
    (request) => staff.me(requireStaff(request)),
  );
};
