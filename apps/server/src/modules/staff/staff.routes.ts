import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@souq/contracts/errors';
import {
  staffInviteSchema,
  staffListSchema,
  staffMemberSchema,
  staffMeSchema,
  staffParamsSchema,
  staffRoleChangeSchema,
} from '@souq/contracts/staff';
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

  app.get(
    '/api/admin/staff',
    {
      config: { permission: 'staff.manage' },
      schema: {
        summary: 'List the staff and their roles',
        response: { 200: staffListSchema, ...guarded },
      },
    },
    () => staff.list(),
  );

  app.post(
    '/api/admin/staff',
    {
      config: { permission: 'staff.manage' },
      schema: {
        summary: 'Make an account staff, inviting a new email by mail',
        body: staffInviteSchema,
        response: { 201: staffMemberSchema, 400: apiErrorSchema, 409: apiErrorSchema, ...guarded },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return staff.invite(requireStaff(request), request.body);
    },
  );

  app.patch(
    '/api/admin/staff/:userId',
    {
      config: { permission: 'staff.manage' },
      schema: {
        summary: "Change a staff member's role",
        params: staffParamsSchema,
        body: staffRoleChangeSchema,
        response: {
          200: staffMemberSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          ...guarded,
        },
      },
    },
    (request) => staff.changeRole(requireStaff(request), request.params.userId, request.body.role),
  );

  app.delete(
    '/api/admin/staff/:userId',
    {
      config: { permission: 'staff.manage' },
      schema: {
        summary: 'Take an account off the staff; it stays a shopper account',
        params: staffParamsSchema,
        response: { 204: z.null(), 404: apiErrorSchema, 409: apiErrorSchema, ...guarded },
      },
    },
    async (request, reply) => {
      await staff.remove(requireStaff(request), request.params.userId);
      return reply.status(204).send(null);
    },
  );
};
