import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryListSchema,
  flashSaleSchema,
  suggestionListSchema,
  suggestionQuerySchema,
  productListQuerySchema,
  productListSchema,
  productParamsSchema,
  productSchema,
} from '@souq/contracts/catalog';
import { apiErrorSchema } from '@souq/contracts/errors';
import type { Db } from '../../db/connection';
import { NotFoundError } from '../../http/errors';
import { fastSerializerCompiler } from '../../http/fast-serializer';
import { createCatalogRepository } from './catalog.repository';

/** Catalog reads change only when the shop edits its catalog: let browsers and CDNs reuse them briefly. */
const CATALOG_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

export const catalogRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const catalog = createCatalogRepository(db);

  app.get(
    '/api/categories',
    {
      serializerCompiler: fastSerializerCompiler,
      schema: {
        summary: 'All categories with their product counts',
        response: { 200: categoryListSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', CATALOG_CACHE_CONTROL);
      return { items: await catalog.listCategories() };
    },
  );

  app.get(
    '/api/products',
    {
      serializerCompiler: fastSerializerCompiler,
      schema: {
        summary: 'Products, filtered, sorted and paged',
        querystring: productListQuerySchema,
        response: { 200: productListSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { items, total } = await catalog.listProducts(request.query);
      reply.header('cache-control', CATALOG_CACHE_CONTROL);
      return { items, total, page: request.query.page, limit: request.query.limit };
    },
  );

  app.get(
    '/api/products/:idOrSlug',
    {
      serializerCompiler: fastSerializerCompiler,
      schema: {
        summary: 'One product by id or slug',
        params: productParamsSchema,
        response: { 200: productSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const product = await catalog.findProduct(request.params.idOrSlug);
      if (!product) throw new NotFoundError('No product with that id.');
      reply.header('cache-control', CATALOG_CACHE_CONTROL);
      return product;
    },
  );

  app.get(
    '/api/search/suggestions',
    {
      serializerCompiler: fastSerializerCompiler,
      schema: {
        summary: 'A few products matching the text, best first, for the search box',
        querystring: suggestionQuerySchema,
        response: { 200: suggestionListSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const items = await catalog.suggest(request.query.q);
      reply.header('cache-control', CATALOG_CACHE_CONTROL);
      return { items };
    },
  );

  app.get(
    '/api/flash-sale',
    {
      serializerCompiler: fastSerializerCompiler,
      schema: {
        summary: 'The flash sale running now, if any, with the server clock',
        response: { 200: flashSaleSchema },
      },
    },
    async (_request, reply) => {
      const sale = await catalog.currentFlashSale();
      // The countdown reads serverTime, so this response must not be reused later.
      reply.header('cache-control', 'no-cache');
      return { sale, serverTime: new Date().toISOString() };
    },
  );
};
