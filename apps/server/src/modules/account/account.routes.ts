import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PHOTO_MAX_BYTES,
  profileSchema,
  profileUpdateSchema,
  sessionSchema,
} from '@souq/contracts/account';
import {
  ADDRESS_BOOK_MAX,
  addressInputSchema,
  addressListSchema,
  addressSchema,
} from '@souq/contracts/addresses';
import type { Db } from '../../db/connection';
import { AppError, NotFoundError } from '../../http/errors';
import { requireUser } from '../auth/require-user';
import {
  countAddresses,
  createAddress,
  deleteAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from './addresses.repository';
import { detectPhotoType } from './photo-type';
import {
  getPhotoContentType,
  getProfile,
  replaceProfilePhoto,
  updateProfileName,
} from './profile.repository';

const addressIdParams = z.object({ id: z.coerce.number().int().positive() });
const photoParams = z.object({ fileName: z.string().regex(/^[0-9a-f-]{36}\.(jpg|png|webp)$/) });

export async function accountRoutes(
  instance: FastifyInstance,
  { db, uploadsDir }: { db: Db; uploadsDir: string },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 0 } });

  app.get(
    '/api/account/session',
    { schema: { response: { 200: sessionSchema } } },
    (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { user: request.currentUser };
    },
  );

  app.get(
    '/api/account/profile',
    { schema: { response: { 200: profileSchema } } },
    async (request) => {
      const user = requireUser(request);
      const profile = await getProfile(db, user.id);
      if (!profile) throw new NotFoundError('No such account.');
      return profile;
    },
  );

  app.put(
    '/api/account/profile',
    { schema: { body: profileUpdateSchema, response: { 200: profileSchema } } },
    async (request) => {
      const user = requireUser(request);
      await updateProfileName(db, user.id, request.body);
      const profile = await getProfile(db, user.id);
      if (!profile) throw new NotFoundError('No such account.');
      return profile;
    },
  );

  app.post(
    '/api/account/photo',
    { schema: { response: { 200: profileSchema } } },
    async (request) => {
      const user = requireUser(request);
      if (!request.isMultipart()) {
        throw new AppError(415, 'unsupported_media_type', 'Send the photo as multipart/form-data.');
      }
      const file = await request.file();
      if (!file) throw new AppError(400, 'photo_missing', 'Choose a photo to upload.');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if (error instanceof multipartTooLarge(app)) {
          throw new AppError(413, 'photo_too_large', 'The photo must be 2 MB or smaller.');
        }
        throw error;
      }
      const type = detectPhotoType(bytes);
      if (!type) {
        throw new AppError(415, 'photo_not_image', 'The photo must be a JPEG, PNG or WebP image.');
      }
      const fileName = `${randomUUID()}.${type.extension}`;
      await fs.mkdir(uploadsDir, { recursive: true });
      await fs.writeFile(path.join(uploadsDir, fileName), bytes);
      const replaced = await replaceProfilePhoto(db, user.id, {
        fileName,
        contentType: type.contentType,
        byteSize: bytes.length,
      });
      await Promise.all(
        replaced.map((name) => fs.rm(path.join(uploadsDir, name), { force: true })),
      );
      const profile = await getProfile(db, user.id);
      if (!profile) throw new NotFoundError('No such account.');
      return profile;
    },
  );

  app.get(
    '/api/account/photos/:fileName',
    { schema: { params: photoParams, hide: true } },
    async (request, reply) => {
      const contentType = await getPhotoContentType(db, request.params.fileName);
      if (!contentType) throw new NotFoundError('No such photo.');
      const bytes = await fs.readFile(path.join(uploadsDir, request.params.fileName));
      // A new photo gets a new name, so a stored one never changes.
      return reply
        .type(contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(bytes);
    },
  );

  app.get(
    '/api/account/addresses',
    { schema: { response: { 200: addressListSchema } } },
    async (request) => {
      const user = requireUser(request);
      return { items: await listAddresses(db, user.id) };
    },
  );

  app.post(
    '/api/account/addresses',
    { schema: { body: addressInputSchema, response: { 201: addressSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      if ((await countAddresses(db, user.id)) >= ADDRESS_BOOK_MAX) {
        throw new AppError(
          409,
          'too_many_addresses',
          `An address book holds at most ${ADDRESS_BOOK_MAX} addresses.`,
        );
      }
      return reply.status(201).send(await createAddress(db, user.id, request.body));
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
    async (request) => {
      const user = requireUser(request);
      const address = await updateAddress(db, user.id, request.params.id, request.body);
      if (!address) throw new NotFoundError('No such address.');
      return address;
    },
  );

  app.delete(
    '/api/account/addresses/:id',
    { schema: { params: addressIdParams } },
    async (request, reply) => {
      const user = requireUser(request);
      if (!(await deleteAddress(db, user.id, request.params.id)))
        throw new NotFoundError('No such address.');
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/account/addresses/:id/default',
    { schema: { params: addressIdParams, response: { 200: addressListSchema } } },
    async (request) => {
      const user = requireUser(request);
      if (!(await setDefaultAddress(db, user.id, request.params.id)))
        throw new NotFoundError('No such address.');
      return { items: await listAddresses(db, user.id) };
    },
  );
}

function multipartTooLarge(app: FastifyInstance) {
  return app.multipartErrors.RequestFileTooLargeError;
}
