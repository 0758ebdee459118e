import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminIdParamsSchema,
  adminMessageListQuerySchema,
  adminMessageListSchema,
  adminMessageSchema,
  messageReplySchema,
  messageStateChangeSchema,
} from '@souq/contracts/admin-marketing';
import { apiErrorSchema } from '@souq/contracts/errors';
import { requireStaff, type CurrentStaff } from '../staff/staff-guard';
import type { MessagesService } from './messages.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

const actorOf = (staff: CurrentStaff) => ({ userId: staff.id, email: staff.email });

/** The back office's inbox of contact-form messages (messages.answer). */
export const messagesRoutes: FastifyPluginAsyncZod<{ messages: MessagesService }> = async (
  app,
  { messages },
) => {
  const config = { permission: 'messages.answer' } as const;

  app.get(
    '/api/admin/messages',
    {
      config,
      schema: {
        summary: 'Back office: contact messages, newest first, with the unread count',
        querystring: adminMessageListQuerySchema,
        response: { 200: adminMessageListSchema, ...errors },
      },
    },
    (request) => messages.listMessages(request.query),
  );

  app.get(
    '/api/admin/messages/:id',
    {
      config,
      schema: {
        summary: 'Back office: open a contact message, which marks it read (messages.answer)',
        params: adminIdParamsSchema,
        response: { 200: adminMessageSchema, ...errors },
      },
    },
    (request) => messages.openMessage(request.params.id),
  );

  app.patch(
    '/api/admin/messages/:id',
    {
      config,
      schema: {
        summary: 'Back office: mark a message unread, read or answered without a mail',
        params: adminIdParamsSchema,
        body: messageStateChangeSchema,
        response: { 200: adminMessageSchema, ...errors },
      },
    },
    (request) =>
      messages.setState(actorOf(requireStaff(request)), request.params.id, request.body.state),
  );

  app.post(
    '/api/admin/messages/:id/reply',
    {
      config,
      schema: {
        summary: 'Back office: mail a reply to the sender and mark the message answered',
        params: adminIdParamsSchema,
        body: messageReplySchema,
        response: { 200: adminMessageSchema, ...errors },
      },
    },
    (request) => messages.reply(actorOf(requireStaff(request)), request.params.id, request.body),
  );
};
