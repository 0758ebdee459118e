import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { SERVER_TIME_META, type RenderedPage } from '@souq/contracts/page-render';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogService } from '../modules/catalog/catalog.service';
import { createPageHints, type PageDataLookup } from './page-hints';
import { createPageRenderer, loadPageRenderer } from './render-page';
import { targetPathname } from './request-path';

const DISPLAY_DELAYS_META = /<meta name="souq:display-delays" content="[^"]*"\s*\/?>/;
/** What index.html says for every page; a rendered page says its own. */
const GENERIC_HEAD = /<title>[^<]*<\/title>|<meta name="description" [^>]*>/g;
const HTML_OPEN = /<html lang="[^"]*" dir="[^"]*">/;
const ROOT = '<div id="root"></div>';

export interface WebApp {
  /**
   * Sends a page (never cached by the browser, so a deploy is picked up on the next visit): the
   * server's rendering of it when the build has a server entry (decision 011), else the SPA's
   * index.html, with preload hints for that page's scripts and first data.
   */
  sendPage(request: FastifyRequest, reply: FastifyReply, pathname: string): Promise<FastifyReply>;
}

/** The request target in origin form (`/path?query`), whichever form the client sent. */
function originForm(target: string): string {
  return target.replace(/^https?:\/\/[^/?#]*/i, '') || '/';
}

/**
 * index.html cut, once per language, around what each rendered page fills in: its head tags,
 * the time of sending (the page may have been rendered a few seconds earlier), its markup and
 * its state. Joining the pieces costs a page less than searching index.html again.
 */
function pageTemplate(indexHtml: string) {
  const pieces = (language: string) => {
    const dir = language === 'ar' ? 'rtl' : 'ltr';
    const html = indexHtml
      .replace(HTML_OPEN, `<html lang="${language}" dir="${dir}">`)
      .replace(GENERIC_HEAD, '');
    const headEnd = html.indexOf('</head>');
    const root = html.indexOf(ROOT);
    if (headEnd < 0 || root < headEnd) throw new Error('index.html has no </head> before #root');
    return [html.slice(0, headEnd), html.slice(headEnd, root), html.slice(root + ROOT.length)];
  };
  const byLanguage = new Map(['en', 'ar'].map((language) => [language, pieces(language)]));
  return (page: RenderedPage, language: string, hints: string, now: Date) => {
    const [head = '', middle = '', end = ''] = byLanguage.get(language) ?? [];
    const sentAt = `<meta name="${SERVER_TIME_META}" content="${now.toISOString()}">`;
    return `${head}${page.head}${sentAt}${hints}${middle}<div id="root">${page.body}</div>${page.state}${end}`;
  };
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
    catalog: CatalogService;
    /** Where shoppers reach the shop: canonical and social links. */
    publicUrl: string;
    /** The catalog's clock: rendered pages are kept as long as its responses. */
    clock: () => Date;
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
    // The server's copy of the app (dist/server) is code for this process, not for browsers.
    allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/server/'),
    setHeaders(reply, filePath) {
      const immutable = filePath.startsWith(path.join(options.distDir, 'assets') + path.sep);
      reply.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  const hintsFor = createPageHints(options.distDir, indexHtml, options.pageData);
  const renderPage = await loadPageRenderer(options.distDir);
  const rendering = renderPage && {
    render: createPageRenderer(renderPage, {
      catalog: options.catalog,
      origin: options.publicUrl,
      now: () => options.clock().getTime(),
    }),
    pageHtml: pageTemplate(indexHtml),
  };

  return {
    async sendPage(request, reply, pathname) {
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      if (!rendering) {
        return reply.send(indexHtml.replace('</head>', `${await hintsFor(pathname)}</head>`));
      }
      const { render, pageHtml } = rendering;
      const target = originForm(request.url);
      const { page, language } = await render({ target, cookieHeader: request.headers.cookie });
      // A 404's hints would name the chunks of the route it is not.
      const hints = page.status === 200 ? await hintsFor(targetPathname(target)) : '';
      return reply
        .status(page.status)
        .header('content-language', language)
        .header('vary', 'Cookie')
        .send(pageHtml(page, language, hints, options.clock()));
    },
  };
}
