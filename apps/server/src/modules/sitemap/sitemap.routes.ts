import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gzipChunks } from '../../http/page-compression';
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
      // Compressed here: a product file is a stream of about 20 MB of XML.
      compress: false,
    },
    async (request, reply) => {
      const { body, version } = await sitemap.file(request.params.file);
      // The ETag plugin answers a matching If-None-Match with 304 before the file is read.
      if (version) reply.header('etag', `W/"${version}"`);
      reply
        .header('cache-control', CRAWLER_CACHE_CONTROL)
        .header('vary', 'Accept-Encoding')
        .type('application/xml; charset=utf-8');
      // gzip alone: every crawler takes it, and Brotli costs three times its CPU on these files.
      const gzip = negotiate(request.headers['accept-encoding'] ?? '', ['gzip']) === 'gzip';
      if (gzip) reply.header('content-encoding', 'gzip');
      if (typeof body === 'string') return reply.send(gzip ? zlib.gzipSync(body) : body);
      // Bytes, not objects: the stream reads a chunk ahead of the socket, not sixteen.
      return reply.send(Readable.from(gzip ? gzipChunks(body) : body, { objectMode: false }));
    },
  );
};
