import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCategoryListSchema,
  adminCategorySchema,
  adminProductListQuerySchema,
  adminProductListSchema,
  adminProductParamsSchema,
  catalogExportQuerySchema,
  catalogImportResultSchema,
  categoryEditorSchema,
  categoryOrderSchema,
  productBulkActionSchema,
  productBulkResultSchema,
} from '@souq/contracts/admin-catalog';
import { apiErrorSchema } from '@souq/contracts/errors';
import { AppError } from '../../http/errors';
import type { AuditActor } from '../audit/audit.repository';
import { requireStaff } from '../staff/staff-guard';
import type { CatalogAdminService } from './catalog-admin.service';

const categoryParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a category id')
    .transform(Number),
});

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** A catalog file of 100 000 products is about 60 MB of JSON; a shop's own stays far below this. */
const CATALOG_FILE_MAX_BYTES = 50 * 1024 * 1024;

function actorOf(request: FastifyRequest): AuditActor {
  const staff = requireStaff(request);
  return { userId: staff.id, email: staff.email };
}

/** The back office's products and categories; every route needs catalog.manage. */
export const catalogAdminRoutes: FastifyPluginAsyncZod<{
  catalogAdmin: CatalogAdminService;
}> = async (app, { catalogAdmin }) => {
  const config = { permission: 'catalog.manage' } as const;
  await app.register(multipart, {
    limits: { fileSize: CATALOG_FILE_MAX_BYTES, files: 1, fields: 0 },
  });

  /** The uploaded catalog file's name and text; refused unless .csv or .json in UTF-8. */
  async function readCatalogFile(request: FastifyRequest): Promise<{ name: string; text: string }> {
    if (!request.isMultipart())
      throw new AppError(415, 'unsupported_media_type', 'Send the file as multipart/form-data.');
    let name: string;
    let bytes: Buffer;
    try {
      const file = await request.file();
      if (!file) throw new AppError(400, 'invalid_multipart', 'Choose a .csv or .json file.');
      name = file.filename;
      bytes = await file.toBuffer();
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof app.multipartErrors.RequestFileTooLargeError)
        throw new AppError(413, 'payload_too_large', 'A catalog file has at most 50 MB.');
      throw new AppError(
        400,
        'invalid_multipart',
        'The upload did not arrive whole; send it again.',
      );
    }
    if (!/\.(csv|json)$/i.test(name))
      throw new AppError(400, 'invalid_request', 'Choose a .csv or .json file.', {
        file: 'Must be a .csv or .json file',
      });
    try {
      return { name, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
    } catch {
      throw new AppError(400, 'invalid_request', 'Save the file as UTF-8 text.', {
        file: 'Not UTF-8 text',
      });
    }
  }

  app.post(
    '/api/admin/catalog/import',
    {
      config,
      schema: {
        summary:
          'Back office: import a catalog file (multipart `file`, .csv or .json), all rows or none (catalog.manage)',
        response: {
          200: catalogImportResultSchema,
          ...errors,
          413: apiErrorSchema,
          415: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const file = await readCatalogFile(request);
      return catalogAdmin.importFile(actorOf(request), file.name, file.text);
    },
  );

  app.get(
    '/api/admin/catalog/export',
    {
      config,
      schema: {
        summary: 'Back office: the catalog as a file the import reads back (catalog.manage)',
        querystring: catalogExportQuerySchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const body = await catalogAdmin.exportFile(format);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="catalog.${format}"`)
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
        .serializer((payload) => payload as string)
        .send(body);
    },
  );

  app.get(
    '/api/admin/products',
    {
      config,
      schema: {
        summary: 'Back office: products, searched and filtered, newest edit first (catalog.manage)',
        querystring: adminProductListQuerySchema,
        response: { 200: adminProductListSchema, ...errors },
      },
    },
    (request) => catalogAdmin.listProducts(request.query),
  );

  app.post(
    '/api/admin/products/bulk',
    {
      config,
      schema: {
        summary:
          'Back office: publish, unpublish, move or delete many products, all or none (catalog.manage)',
        body: productBulkActionSchema,
        response: { 200: productBulkResultSchema, ...errors },
      },
    },
    (request) => catalogAdmin.bulk(actorOf(request), request.body),
  );

  app.delete(
    '/api/admin/products/:id',
    {
      config,
      schema: {
        summary:
          'Back office: delete (archive) a product; orders keep their lines (catalog.manage)',
        params: adminProductParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await catalogAdmin.bulk(actorOf(request), { action: 'delete', ids: [request.params.id] });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/admin/categories',
    {
      config,
      schema: {
        summary:
          'Back office: categories in the storefront order, with product counts (catalog.manage)',
        response: { 200: adminCategoryListSchema, ...errors },
      },
    },
    async () => ({ items: await catalogAdmin.listCategories() }),
  );

  app.post(
    '/api/admin/categories',
    {
      config,
      schema: {
        summary: 'Back office: add a category (catalog.manage)',
        body: categoryEditorSchema,
        response: { 201: adminCategorySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await catalogAdmin.createCategory(actorOf(request), request.body)),
  );

  app.put(
    '/api/admin/categories/order',
    {
      config,
      schema: {
        summary: 'Back office: the storefront order of categories, every id once (catalog.manage)',
        body: categoryOrderSchema,
        response: { 200: adminCategoryListSchema, ...errors },
      },
    },
    async (request) => ({
      items: await catalogAdmin.reorderCategories(actorOf(request), request.body.ids),
    }),
  );

  app.put(
    '/api/admin/categories/:id',
    {
      config,
      schema: {
        summary: 'Back office: rename a category or change its picture (catalog.manage)',
        params: categoryParamsSchema,
        body: categoryEditorSchema,
        response: { 200: adminCategorySchema, ...errors },
      },
    },
    (request) => catalogAdmin.updateCategory(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/categories/:id',
    {
      config,
      schema: {
        summary: 'Back office: delete an empty category (catalog.manage)',
        params: categoryParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await catalogAdmin.deleteCategory(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
