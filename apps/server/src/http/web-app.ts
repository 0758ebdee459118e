import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { defaultLanguage, languageOf, shopLanguages } from '@souq/contracts/languages';
import { SERVER_TIME_META, type RenderedPage } from '@souq/contracts/page-render';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogService } from '../modules/catalog/catalog.service';
import { CATALOG_CACHE_TTL_MS, shortLivedCache } from '../modules/catalog/short-lived-cache';
import type { CurrentSettings } from '../modules/settings/settings.service';
import { inlineStylesheets } from './inline-stylesheet';
import { gzipParts, joinParts, keptPart, type PageParts } from './page-compression';
import { createPageHints, type PageDataLookup } from './page-hints';
import { createPageRenderer, loadPageRenderer } from './render-page';
import type { ReviewsService } from '../modules/reviews/reviews.service';
import { targetPathname } from './request-path';

const DISPLAY_DELAYS_META = /<meta name="souq:display-delays" content="[^"]*"\s*\/?>/;
/** What index.html says for every page; a rendered page says its own. */
const GENERIC_HEAD = /<title>[^<]*<\/title>|<meta name="description" [^>]*>/g;
const HTML_OPEN = /<html lang="[^"]*" dir="[^"]*">/;
const MANIFEST_LINK = '<link rel="manifest" href="/manifest.webmanifest" />';
const ROOT = '<div id="root"></div>';
/** The build's hints for the entry's imports, and its entry script. */
const MODULE_PRELOADS = /\s*<link rel="modulepreload"[^>]*>/g;
const ENTRY_SCRIPT = '<script type="module" ';
/**
 * Brotli at quality 4, as @fastify/compress uses for the API. Its window is 256 KB, more than a
 * page, rather than the default 4 MB: the encoder's buffers are sized by the window, and a page
 * compresses to the same bytes in either.
 */
const BROTLI_OPTIONS = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
};

/** The built SPA's index.html as every page starts from, read once at start-up. */
export interface IndexPage {
  html: string;
  /** CSP sources for the stylesheet written into it (inline-stylesheet.ts). */
  cspStyleHashes: string[];
}

/** Reads the build's index.html with its stylesheet inline; null when there is no build. */
export function readIndexPage(distDir: string): IndexPage | null {
  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexPath)) return null;
  const { html, cspHashes } = inlineStylesheets(fs.readFileSync(indexPath, 'utf8'), distDir);
  return { html, cspStyleHashes: cspHashes };
}

/**
 * Whether the page's display delays run, as a meta tag the client reads (no inline script, so the
 * CSP stays strict): the shop's setting, unless this server was started with DISPLAY_DELAYS=off.
 */
function displayDelaysMeta(on: boolean): string {
  return `<meta name="souq:display-delays" content="${on ? 'on' : 'off'}" />`;
}

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
 * A rendered page paints from its HTML and inline stylesheet alone; its scripts only make it
 * interactive (and `lib/early-clicks.ts` holds a press until then). So the entry script is
 * fetched at low priority and the hints for its imports are left out: the browser finds them in
 * the entry. Fetched with the HTML, 100 KB of scripts would share a slow connection with the HTML
 * and the page's main image and hold back the first paint (docs/benchmarks.md, 2026-11-24).
 */
function scriptsAfterFirstPaint(indexHtml: string): string {
  if (!indexHtml.includes(ENTRY_SCRIPT)) throw new Error('index.html has no module script');
  return indexHtml
    .replace(MODULE_PRELOADS, '')
    .replace(ENTRY_SCRIPT, `${ENTRY_SCRIPT}fetchpriority="low" `);
}

/**
 * index.html cut, once per language and kind of page (rendered, or a shell the browser renders),
 * around what each page fills in: its head tags and hints, the time of sending (the page may have been
 * rendered a few seconds earlier), its markup and its state. Joining the pieces costs a page less
 * than searching index.html again. The pieces are kept as UTF-8 and compressed once
 * (page-compression.ts): the 60 KB inline stylesheet is neither encoded nor compressed again for
 * each page (decisions 017 and 028). A page's own parts arrive as UTF-8 too (RenderedPage).
 */
function pageTemplate(indexHtml: string) {
  const pieces = (language: string, rendered: boolean) => {
    const { dir } = languageOf(language);
    const html = (rendered ? scriptsAfterFirstPaint(indexHtml) : indexHtml)
      .replace(HTML_OPEN, `<html lang="${language}" dir="${dir}">`)
      // The app installed from a page opens in that page's language (web-manifest.ts).
      .replace(
        MANIFEST_LINK,
        language === defaultLanguage
          ? MANIFEST_LINK
          : `<link rel="manifest" href="/manifest.webmanifest?lang=${language}" />`,
      )
      .replace(GENERIC_HEAD, '')
      .replace(DISPLAY_DELAYS_META, '');
    // The page's tags and hints go before the inline stylesheet, so the browser finds the main
    // image's hint without reading through the styles first.
    const headEnd = html.search(/<style>|<\/head>/);
    const root = html.indexOf(ROOT);
    if (headEnd < 0 || root < headEnd) throw new Error('index.html has no </head> before #root');
    return [html.slice(0, headEnd), html.slice(headEnd, root), html.slice(root + ROOT.length)].map(
      (piece) => keptPart(Buffer.from(piece)),
    );
  };
  const cut = new Map(
    shopLanguages
      .map(({ code }) => code)
      .flatMap((language) =>
        [true, false].map((rendered) => [`${language} ${rendered}`, pieces(language, rendered)]),
      ),
  );
  return (
    page: RenderedPage,
    language: string,
    hints: string,
    now: Date,
    delays: boolean,
  ): PageParts => {
    const [head, middle, end] = cut.get(`${language} ${page.rendered}`) ?? [];
    if (!head || !middle || !end) throw new Error(`No page template for ${language}`);
    const sentAt = `<meta name="${SERVER_TIME_META}" content="${now.toISOString()}">`;
    return [
      head,
      Buffer.concat([page.head, Buffer.from(`${displayDelaysMeta(delays)}${sentAt}${hints}`)]),
      middle,
      page.root,
      end,
    ];
  };
}

/**
 * Sends a page's HTML compressed when the browser accepts it. Pages are answered by the
 * not-found handler, which @fastify/compress does not reach (it hooks each route), and their HTML
 * is the largest text the shop sends: about 100 KB for a product page, 20 KB compressed. It is
 * compressed in one call on the event loop, as the API's answers are: handed to zlib's threads
 * instead, a page cost about 2 ms more CPU of an app server's one core. gzip comes first for a
 * page joined from kept parts: only the page's own parts are compressed, to about the bytes of
 * Brotli at half its CPU or less (decision 017).
 */
function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string | PageParts) {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  const parts = typeof html === 'string' ? null : html;
  const encoding = negotiate(
    request.headers['accept-encoding'] ?? '',
    parts ? ['gzip', 'br'] : ['br', 'gzip'],
  );
  if (encoding === 'gzip' && parts) {
    return reply.header('content-encoding', 'gzip').send(gzipParts(parts));
  }
  const bytes = typeof html === 'string' ? html : joinParts(html);
  if (encoding === 'br') {
    return reply
      .header('content-encoding', 'br')
      .send(zlib.brotliCompressSync(bytes, BROTLI_OPTIONS));
  }
  if (encoding === 'gzip')
    return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(bytes));
  return reply.send(bytes);
}

/**
 * Serves the built SPA: hashed assets with a year-long immutable cache and their
 * pre-compressed .br/.gz siblings, everything else briefly cached, and pages made from index.html
 * (`readIndexPage`); null when there is no build.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    distDir: string;
    indexPage: IndexPage | null;
    /** Per route path of the web app, what its page reads first (see page-hints.ts). */
    pageData: Record<string, PageDataLookup>;
    catalog: CatalogService;
    /** A product page's newest reviews, for its JSON-LD. */
    reviews: ReviewsService;
    /** Where shoppers reach the shop: canonical and social links. */
    publicUrl: string;
    /** The catalog's clock: rendered pages are kept as long as its responses. */
    clock: () => Date;
    /** The shop's settings as of now (read afresh per page: an owner's save shows at once). */
    settings: () => Promise<CurrentSettings>;
    /** The storefront's "free delivery over" amount from the delivery zones (shipping module). */
    freeDeliveryFrom: () => Promise<number | null>;
    /** False when this server was started with DISPLAY_DELAYS=off, whatever the settings say. */
    displayDelays: boolean;
  },
): Promise<WebApp | null> {
  if (!options.indexPage) return null;
  const indexHtml = options.indexPage.html;

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
  // Read again after the catalog's seconds, as the pages it goes into are kept that long: a
  // change of the zones shows on every server within them.
  const deliveryPromise = shortLivedCache<{ from: number | null }>({
    ttlMs: CATALOG_CACHE_TTL_MS,
    maxEntries: 1,
    now: () => options.clock().getTime(),
  });
  const freeDeliveryFrom = async () =>
    (await deliveryPromise.get('', async () => ({ from: await options.freeDeliveryFrom() }))).from;
  const rendering = renderPage && {
    render: createPageRenderer(renderPage, {
      catalog: options.catalog,
      reviews: options.reviews,
      origin: options.publicUrl,
      now: () => options.clock().getTime(),
    }),
    pageHtml: pageTemplate(indexHtml),
  };

  return {
    async sendPage(request, reply, pathname) {
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      const settings = await options.settings();
      const delays = options.displayDelays && settings.settings.displayDelays;
      if (!rendering) {
        const hints = await hintsFor(pathname, { modules: true });
        const html = indexHtml
          .replace(DISPLAY_DELAYS_META, displayDelaysMeta(delays))
          .replace('</head>', `${hints}</head>`);
        return sendHtml(request, reply, html);
      }
      const { render, pageHtml } = rendering;
      const target = originForm(request.url);
      const { page, language } = await render({
        target,
        cookieHeader: request.headers.cookie,
        settings,
        freeDeliveryFrom: await freeDeliveryFrom(),
      });
      // A 404's hints would name the chunks of the route it is not.
      const hints =
        page.status === 200
          ? await hintsFor(targetPathname(target), { modules: !page.rendered })
          : '';
      reply.status(page.status).header('content-language', language).header('vary', 'Cookie');
      return sendHtml(request, reply, pageHtml(page, language, hints, options.clock(), delays));
    },
  };
}
