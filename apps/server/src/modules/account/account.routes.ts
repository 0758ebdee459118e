import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PHOTO_MAX_BYTES,
  profileSchema,
  profileUpdateSchema,
  sessionSchema,
} from '@souq/contracts/account';
import { addressInputSchema, addressListSchema, addressSchema } from '@souq/contracts/addresses';
import { AppError } from '../../http/errors';
import { requireUser } from '../auth/require-user';
import {
  InvalidMultipartError,
  NotMultipartError,
  PhotoMissingError,
  PhotoTooLargeError,
} from './account.errors';
import type { AccountService } from './account.service';

const addressIdParams = z.object({ id: z.coerce.number().int().positive() });
const photoParams = z.object({ fileName: z.string().regex(/^[0-9a-f-]{36}\.(jpg|png|webp)$/) });

export async function accountRoutes(
  instance: FastifyInstance,
  { service }: { service: AccountService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 0 } });

  /** The uploaded photo's bytes; any way the multipart body fails to parse is the client's. */
  async function readPhotoUpload(request: FastifyRequest): Promise<Buffer> {
    if (!request.isMultipart()) throw new NotMultipartError();
    try {
      const file = await request.file();
      if (!file) throw new PhotoMissingError();
      return await file.toBuffer();
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof app.multipartErrors.RequestFileTooLargeError)
        throw new PhotoTooLargeError();
      // No boundary, a boundary the body never uses, a body cut off: only the request is read here.
      throw new InvalidMultipartError();
    }
  }

  app.get(
    '/api/account/session',
    { schema: { response: { 200: sessionSchema } } },
    (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { user: request.currentUser };
    },
  );

  app.get('/api/account/profile', { schema: { response: { 200: profileSchema } } }, (request) =>
    service.getProfile(requireUser(request).id),
  );

  app.put(
    '/api/account/profile',
    { schema: { body: profileUpdateSchema, response: { 200: profileSchema } } },
    (request) => service.updateProfile(requireUser(request).id, request.body),
  );

  app.post(
    '/api/account/photo',
    { schema: { response: { 200: profileSchema } } },
    async (request) => {
      const user = requireUser(request);
      return service.replacePhoto(user.id, await readPhotoUpload(request));
    },
  );

  app.get(
    '/api/account/photos/:fileName',
    { schema: { params: photoParams, hide: true } },
    async (request, reply) => {
      const photo = await service.readPhoto(request.params.fileName);
      // A new photo gets a new name, so a stored one never changes.
      return reply
        .type(photo.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(photo.bytes);
    },
  );

  app.get(
    '/api/account/addresses',
    { schema: { response: { 200: addressListSchema } } },
    async (request) => ({ items: await service.listAddresses(requireUser(request).id) }),
  );

  app.post(
    '/api/account/addresses',
    { schema: { body: addressInputSchema, response: { 201: addressSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.status(201).send(await service.addAddress(user.id, request.body));
    },
  );

  app.put(
    '/api/account/addresses/:id',
    {
      schema: {
        params: addressIdParams,
        body: addressInputSchema,
        response: { 200: addressSchema },
      },
    },
    (request) => service.updateAddress(requireUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/api/account/addresses/:id',
    { schema: { params: addressIdParams } },
    async (request, reply) => {
      await service.deleteAddress(requireUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/account/addresses/:id/default',
    { schema: { params: addressIdParams, response: { 200: addressListSchema } } },
    async (request) => ({
      items: await service.setDefaultAddress(requireUser(request).id, request.params.id),
    }),
  );
}
