import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createPageHints, type PageDataLookup } from './page-hints';

const DISPLAY_DELAYS_META = /<meta name="souq:display-delays" content="[^"]*"\s*\/?>/;

export interface WebApp {
  /**
   * Sends the SPA's index.html for a page (never cached, so a deploy is picked up on the next
   * visit), with preload hints for that page's scripts and first data.
   */
  sendIndex(reply: FastifyReply, pathname: string): Promise<FastifyReply>;
}

/**
 * Serves the built SPA: hashed assets with a year-long immutable cache and their
 * pre-compressed .br/.gz siblings, everything else briefly cached, and index.html
 * with the start-up settings the client reads (no inline script, so the CSP stays strict).
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    distDir: string;
    displayDelays: boolean;
    /** Per route path of the web app, what its page reads first (see page-hints.ts). */
    pageData: Record<string, PageDataLookup>;
  },
): Promise<WebApp | null> {
  const indexPath = path.join(options.distDir, 'index.html');
  if (!fs.existsSync(indexPath)) return null;

  const indexHtml = fs
    .readFileSync(indexPath, 'utf8')
    .replace(
      DISPLAY_DELAYS_META,
      `<meta name="souq:display-delays" content="${options.displayDelays ? 'on' : 'off'}" />`,
    );

  await app.register(fastifyStatic, {
    root: options.distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders(reply, filePath) {
      const immutable = filePath.startsWith(path.join(options.distDir, 'assets') + path.sep);
      reply.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  const hintsFor = createPageHints(options.distDir, indexHtml, options.pageData);

  return {
    async sendIndex(reply, pathname) {
      const html = indexHtml.replace('</head>', `${await hintsFor(pathname)}</head>`);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    },
  };
}
