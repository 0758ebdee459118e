import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadedMediaSchema } from '@souq/contracts/admin-catalog';
import { apiErrorSchema } from '@souq/contracts/errors';
import { MEDIA_UPLOAD_MAX_BYTES, parseMediaPath } from '@souq/contracts/media';
import { AppError, NotFoundError } from '../../http/errors';
import { ImageTooLargeError, type MediaService } from './media.service';

const mediaParamsSchema = z.object({ key: z.string(), file: z.string() });

/** A copy never changes: a new upload gets a new key. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export const mediaRoutes: FastifyPluginAsyncZod<{ media: MediaService }> = async (
  app,
  { media },
) => {
  await app.register(multipart, {
    limits: { fileSize: MEDIA_UPLOAD_MAX_BYTES, files: 1, fields: 0 },
  });

  /** The one uploaded file's bytes; any way the multipart body fails to parse is the client's. */
  async function readUpload(request: FastifyRequest): Promise<Buffer> {
    if (!request.isMultipart())
      throw new AppError(415, 'unsupported_media_type', 'Send the picture as multipart/form-data.');
    try {
      const file = await request.file();
      if (!file) throw new AppError(400, 'invalid_multipart', 'Choose a picture to upload.');
      return await file.toBuffer();
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof app.multipartErrors.RequestFileTooLargeError)
        throw new ImageTooLargeError('The picture must be 10 MB or smaller.');
      throw new AppError(
        400,
        'invalid_multipart',
        'The upload is not a complete multipart/form-data body. Choose the picture and send it again.',
      );
    }
  }

  app.post(
    '/api/admin/media',
    {
      config: { permission: 'catalog.manage' },
      schema: {
        summary:
          'Back office: upload a picture (multipart `file`: JPEG, PNG or WebP); WebP copies are kept (catalog.manage)',
        response: {
          201: uploadedMediaSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
        },
      },
    },
    async (request, reply) => reply.status(201).send(await media.upload(await readUpload(request))),
  );

  app.get(
    '/media/:key/:file',
    { schema: { params: mediaParamsSchema, hide: true } },
    async (request, reply) => {
      const named = parseMediaPath(`/media/${request.params.key}/${request.params.file}`);
      if (!named) throw new NotFoundError('No such picture.');
      const bytes = await media.read(named.key, named.width);
      return reply
        .type('image/webp')
        .header('cache-control', IMMUTABLE)
        .header('etag', `"${named.key}-${named.width}"`)
        .send(bytes);
    },
  );
};
