import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SitemapService } from './sitemap.service';

/** Crawlers come back daily at most; an hour's reuse keeps a large sitemap cheap. */
const CRAWLER_CACHE_CONTROL = 'public, max-age=3600';

export const sitemapRoutes: FastifyPluginAsyncZod<{ sitemap: SitemapService }> = async (
  app,
  { sitemap },
) => {
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply
      .header('cache-control', CRAWLER_CACHE_CONTROL)
      .type('text/plain; charset=utf-8')
      .send(sitemap.robots()),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('cache-control', CRAWLER_CACHE_CONTROL)
      .type('application/xml; charset=utf-8')
      .send(await sitemap.index()),
  );

  app.get(
    '/sitemaps/:file',
    {
      schema: { hide: true, params: z.object({ file: z.string().max(100) }) },
    },
    async (request, reply) => {
      const chunks = await sitemap.file(request.params.file);
      return reply
        .header('cache-control', CRAWLER_CACHE_CONTROL)
        .type('application/xml; charset=utf-8')
        .send(Readable.from(chunks));
    },
  );
};
