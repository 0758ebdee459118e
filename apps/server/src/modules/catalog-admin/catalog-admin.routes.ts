import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCategoryListSchema,
  adminCategorySchema,
  adminProductListQuerySchema,
  adminProductListSchema,
  adminProductParamsSchema,
  categoryEditorSchema,
  categoryOrderSchema,
  productBulkActionSchema,
  productBulkResultSchema,
} from '@souq/contracts/admin-catalog';
import { apiErrorSchema } from '@souq/contracts/errors';
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

function actorOf(request: FastifyRequest): AuditActor {
  const staff = requireStaff(request);
  return { userId: staff.id, email: staff.email };
}

/** The back office's products and categories; every route needs catalog.manage. */
export const catalogAdminRoutes: FastifyPluginAsyncZod<{
  catalogAdmin: CatalogAdminService;
}> = async (app, { catalogAdmin }) => {
  const config = { permission: 'catalog.manage' } as const;

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
