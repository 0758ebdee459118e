import { hash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryListSchema,
  facetQuerySchema,
  facetsSchema,
  flashSaleSchema,
  suggestionListSchema,
  suggestionQuerySchema,
  productListQuerySchema,
  productListSchema,
  productParamsSchema,
  productSchema,
} from '@souq/contracts/catalog';
import { apiErrorSchema } from '@souq/contracts/errors';
import { fastSerializerCompiler, jsonWriter } from '../../http/fast-serializer';
import type { CatalogService } from './catalog.service';
import { CATALOG_API_TTL_MS, shortLivedCache } from './short-lived-cache';

/** Catalog reads change only when the shop edits its catalog: let browsers and CDNs reuse them briefly. */
const CATALOG_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';
const RESPONSE_CACHE_ENTRIES = 2_000;
/** About 700 list pages of 14 KB; single products and suggestions weigh a tenth of that. */
const RESPONSE_CACHE_BYTES = 10 * 1024 * 1024;

/** A catalog response as sent: its JSON in UTF-8 and the ETag of those bytes. */
interface CachedJson {
  body: Buffer;
  etag: string;
}

function cachedJson(json: string | Buffer): CachedJson {
  // Encoded once, not on every send. The ETag is @fastify/etag's own (weak, SHA-1 of the
  // body), computed once too: the plugin sees the header and only compares it.
  const body = typeof json === 'string' ? Buffer.from(json) : json;
  return { body, etag: `W/"${hash('sha1', body, 'base64')}"` };
}

const writeCategoryList = jsonWriter(categoryListSchema);

const writeSuggestionList = jsonWriter(suggestionListSchema);

const writeFacets = jsonWriter(facetsSchema);

/** The filters of a list or facet query, in a fixed order, for the response cache's key. */
function filterKey(query: {
  q?: string | undefined;
  category?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  colour?: string | undefined;
  size?: string | undefined;
  inStock?: boolean | undefined;
  onSale?: boolean | undefined;
  minRating?: number | undefined;
}) {
  const { q, category, minPrice, maxPrice, colour, size, inStock, onSale, minRating } = query;
  return [q, category, minPrice, maxPrice, colour, size, inStock, onSale, minRating];
}

export const catalogRoutes: FastifyPluginAsyncZod<{
  catalog: CatalogService;
  clock?: () => Date;
}> = async (app, { catalog, clock = () => new Date() }) => {
  /**
   * Whole catalog responses, reused for a few seconds in this app server (decision 002), keyed
   * by the route and its validated parameters, so the order of a query's parameters does not
   * matter, and never after the index has applied an edit. Orders re-read prices and stock in
   * their own transaction.
   */
  const responses = shortLivedCache<CachedJson>({
    ttlMs: CATALOG_API_TTL_MS,
    maxEntries: RESPONSE_CACHE_ENTRIES,
    maxSize: { total: RESPONSE_CACHE_BYTES, of: (response) => response.body.length },
    now: () => clock().getTime(),
    generation: catalog.indexVersion,
  });

  async function sendCached(
    reply: FastifyReply,
    key: unknown[],
    write: () => Promise<string | Buffer>,
  ) {
    const response = await responses.get(JSON.stringify(key), async () =>
      cachedJson(await write()),
    );
    return reply
      .header('cache-control', CATALOG_CACHE_CONTROL)
      .header('etag', response.etag)
      .type('application/json; charset=utf-8')
      .send(response.body);
  }

  app.get(
    '/api/categories',
    {
      serializerCompiler: fastSerializerCompiler,
      schema: {
        summary: 'All categories with their product counts',
        response: { 200: categoryListSchema },
      },
    },
    (_request, reply) =>
      sendCached(reply, ['categories'], async () =>
        writeCategoryList({ items: await catalog.listCategories() }),
      ),
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
    (request, reply) => {
      const query = request.query;
      const { sort, page, limit } = query;
      return sendCached(reply, ['products', ...filterKey(query), sort, page, limit], () =>
        catalog.listPageJson(query),
      );
    },
  );

  app.get(
    '/api/facets',
    {
      serializerCompiler: fastSerializerCompiler,
      schema: {
        summary: "The filter panel's counts: how many products each filter value would leave",
        querystring: facetQuerySchema,
        response: { 200: facetsSchema, 400: apiErrorSchema },
      },
    },
    (request, reply) =>
      sendCached(reply, ['facets', ...filterKey(request.query)], async () =>
        writeFacets(await catalog.facets(request.query)),
      ),
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
    (request, reply) => {
      const { idOrSlug } = request.params;
      return sendCached(reply, ['product', idOrSlug], async () => {
        // Thrown inside the computation, so an unknown product is not kept.
        return catalog.getProductJson(idOrSlug);
      });
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
    (request, reply) =>
      sendCached(reply, ['suggestions', request.query.q], async () =>
        writeSuggestionList({ items: await catalog.suggest(request.query.q) }),
      ),
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
