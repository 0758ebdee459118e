import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { defaultLanguage, shopLanguages, type LanguageCode } from '@souq/contracts/languages';
import { NotFoundError } from '../../http/errors';
import type { CatalogService } from '../catalog/catalog.service';
import type { IdRange, SitemapRepository } from './sitemap.repository';

/** The sitemaps.org limit of URLs in one file. */
export const URLS_PER_FILE = 50_000;
/** Every page is listed in each of the shop's languages, as its own URL with the others as alternates. */
const LANGUAGES = shopLanguages.map((language) => language.code);
export const PRODUCTS_PER_FILE = Math.floor(URLS_PER_FILE / LANGUAGES.length);
/**
 * Products read and written at a time while a file is written (about 1 MB of XML): each page is
 * one synchronous step, with a turn of the event loop before the next, so a crawler reading a
 * file never holds the shop's other requests up for long.
 */
const READ_PAGE = 250;

/** One file of the sitemap as the route sends it. */
export interface SitemapFile {
  /** A product file is written as it is read, a page of products a chunk. */
  body: string | AsyncIterable<string>;
  /**
   * The product file's version, from its range's state (`rangeState`) and the way this server
   * writes it: the route's ETag, so a crawler that has the file gets a 304 for one read.
   */
  version?: string;
}

/** The public pages besides products and categories (the web app's route table, `public`). */
const PAGES = [
  '/',
  '/productS',
  '/category',
  '/about',
  '/contact',
  '/faq',
  '/privacy-policy',
  '/terms-of-use',
];

/** Pages nobody should crawl: personal pages, the back office and the API. */
const NOT_CRAWLED = [
  '/cart',
  '/wishlist',
  '/checkout',
  '/account',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/order-confirmation/',
  '/orders/',
  '/admin',
  '/api/',
];

/** Stand-ins no id or time can be, for the product template below. */
const ID_SLOT = '9007199254740993';
const LASTMOD_SLOT = '\u0000';

const PRODUCT_FILE = /^products-([1-9]\d{0,5})\.xml$/;

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * robots.txt and the sitemap (decision 011): an index of files of at most 50 000 URLs each,
 * every page in each of the shop's languages with `hreflang` alternates, and each product and file with
 * the time it last changed (`lastmod`). Product file N holds the products with ids from
 * (N - 1) × 25 000 + 1 to N × 25 000, so a product stays in its file whatever else is added or
 * hidden, and every read is a range of the primary key. Files are written as they are read, a
 * page of products at a time, so a file never sits in memory; each has a version (`SitemapFile`),
 * so a crawler that asks again for a file that has not changed costs one read.
 */
export function createSitemapService({
  catalog,
  repository,
  origin,
}: {
  catalog: Pick<CatalogService, 'listCategories'>;
  repository: SitemapRepository;
  origin: string;
}) {
  const address = (path: string) => new URL(path, origin).href;
  const inLanguage = (path: string, language: LanguageCode) => {
    const url = new URL(path, origin);
    if (language !== defaultLanguage) url.searchParams.set('lang', language);
    return url.href;
  };

  /** One page as a `<url>` per language, each naming all of them and the default. */
  function urlEntries(path: string, lastModified?: string): string {
    const lastmod = lastModified ? `<lastmod>${lastModified}</lastmod>` : '';
    const alternates =
      LANGUAGES.map(
        (language) =>
          `<xhtml:link rel="alternate" hreflang="${language}" href="${escapeXml(inLanguage(path, language))}"/>`,
      ).join('') +
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(inLanguage(path, defaultLanguage))}"/>`;
    return LANGUAGES.map(
      (language) =>
        `<url><loc>${escapeXml(inLanguage(path, language))}</loc>${lastmod}${alternates}</url>`,
    ).join('\n');
  }

  /**
   * A product's entries as urlEntries writes them, from one written with stand-ins for the id
   * and the lastmod: a file's 50 000 URLs are then joined strings, not 150 000 parsed addresses.
   */
  const productTemplate = urlEntries(`/productdetails/${ID_SLOT}`, LASTMOD_SLOT).split(
    new RegExp(`(${ID_SLOT}|${LASTMOD_SLOT})`),
  );
  function productEntries(id: number, lastModified: string): string {
    let out = '';
    for (const [i, part] of productTemplate.entries())
      out += i % 2 === 0 ? part : part === ID_SLOT ? String(id) : lastModified;
    return out;
  }

  const URLSET_OPEN =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
  const URLSET_CLOSE = '\n</urlset>\n';
  /** What, beside a range's products, a product file's bytes depend on: a new one is a new version. */
  const writing = createHash('sha256')
    .update(URLSET_OPEN + productTemplate.join('|'))
    .digest('base64url')
    .slice(0, 12);

  const rangeOf = (number: number): IdRange => ({
    after: (number - 1) * PRODUCTS_PER_FILE,
    upTo: number * PRODUCTS_PER_FILE,
  });

  async function* productFile(range: IdRange): AsyncGenerator<string> {
    yield URLSET_OPEN;
    let first = true;
    for (let after = range.after; ;) {
      const products = await repository.productPage({ after, upTo: range.upTo }, READ_PAGE);
      if (products.length === 0) break;
      yield (
        (first ? '' : '\n') +
        products.map(({ id, updatedAt }) => productEntries(id, updatedAt)).join('\n')
      );
      first = false;
      if (products.length < READ_PAGE) break;
      after = products.at(-1)?.id ?? range.upTo;
      await nextTurn();
    }
    yield URLSET_CLOSE;
  }

  return {
    robots(): string {
      return [
        'User-agent: *',
        ...NOT_CRAWLED.map((path) => `Disallow: ${path}`),
        '',
        `Sitemap: ${address('/sitemap.xml')}`,
        '',
      ].join('\n');
    },

    /**
     * The sitemap index: the pages file, then each product file that holds a product, each with
     * its latest change (the pages file: the latest of any product, which its lists show). One
     * file's range is read at a time, with a turn of the event loop between.
     */
    async index(): Promise<string> {
      const productFiles: { name: string; lastModified: string }[] = [];
      const files = Math.ceil((await repository.highestShownId()) / PRODUCTS_PER_FILE);
      for (let number = 1; number <= files; number++) {
        const { lastModified } = await repository.rangeState(rangeOf(number));
        if (lastModified) productFiles.push({ name: `products-${number}.xml`, lastModified });
        await nextTurn();
      }
      const latest = productFiles
        .map((f) => f.lastModified)
        .sort()
        .at(-1);
      return (
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        [{ name: 'pages.xml', lastModified: latest }, ...productFiles]
          .map(
            ({ name, lastModified }) =>
              `<sitemap><loc>${escapeXml(address(`/sitemaps/${name}`))}</loc>` +
              (lastModified ? `<lastmod>${lastModified}</lastmod>` : '') +
              '</sitemap>',
          )
          .join('\n') +
        '\n</sitemapindex>\n'
      );
    },

    /** One file of the index; a name the index does not list is a 404. */
    async file(name: string): Promise<SitemapFile> {
      if (name === 'pages.xml') {
        const categories = await catalog.listCategories();
        const paths = [
          ...PAGES,
          ...categories.map((c) => `/category?category=${encodeURIComponent(c.slug)}`),
        ];
        return {
          body: URLSET_OPEN + paths.map((path) => urlEntries(path)).join('\n') + URLSET_CLOSE,
        };
      }
      const number = Number(PRODUCT_FILE.exec(name)?.[1]);
      const range = rangeOf(number);
      // Listed in the index when its range shows a product.
      const state = number >= 1 ? await repository.rangeState(range) : undefined;
      if (!state?.lastModified) throw new NotFoundError('No sitemap file of that name.');
      return {
        body: productFile(range),
        version: `${writing}-${number}-${state.shown}-${state.idSum}-${Date.parse(state.lastModified)}`,
      };
    },
  };
}

export type SitemapService = ReturnType<typeof createSitemapService>;
