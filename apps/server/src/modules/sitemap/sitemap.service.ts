import { defaultLanguage, shopLanguages, type LanguageCode } from '@souq/contracts/languages';
import { NotFoundError } from '../../http/errors';
import type { CatalogService } from '../catalog/catalog.service';
import type { SitemapRepository } from './sitemap.repository';

/** The sitemaps.org limit of URLs in one file. */
export const URLS_PER_FILE = 50_000;
/** Every page is listed in each of the shop's languages, as its own URL with the others as alternates. */
const LANGUAGES = shopLanguages.map((language) => language.code);
export const PRODUCTS_PER_FILE = Math.floor(URLS_PER_FILE / LANGUAGES.length);
/** Product ids read at a time while a file is written. */
const READ_PAGE = 5_000;

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
 * the time it last changed (`lastmod`). Product files are written as they are read, a page of
 * products at a time, so a file of 25 000 products never sits in memory.
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

  const URLSET_OPEN =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
  const URLSET_CLOSE = '\n</urlset>\n';

  async function* productFile(number: number): AsyncGenerator<string> {
    yield URLSET_OPEN;
    const first = (number - 1) * PRODUCTS_PER_FILE;
    for (let read = 0; read < PRODUCTS_PER_FILE; read += READ_PAGE) {
      const products = await repository.productPage(
        first + read,
        Math.min(READ_PAGE, PRODUCTS_PER_FILE - read),
      );
      if (products.length === 0) break;
      yield (
        products
          .map(({ id, updatedAt }) => urlEntries(`/productdetails/${id}`, updatedAt))
          .join('\n') + '\n'
      );
      if (products.length < READ_PAGE) break;
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
     * The sitemap index: the pages file, then one file per 25 000 products, each with its
     * latest change (the pages file: the latest of any product, which its lists show).
     */
    async index(): Promise<string> {
      const productFiles = await repository.productFiles(PRODUCTS_PER_FILE);
      const latest = productFiles
        .map((f) => f.lastModified)
        .sort()
        .at(-1);
      const files = [
        { name: 'pages.xml', lastModified: latest },
        ...productFiles.map((f, i) => ({
          name: `products-${i + 1}.xml`,
          lastModified: f.lastModified,
        })),
      ];
      return (
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        files
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

    /** One file of the index, as chunks of XML; a name the index does not list is a 404. */
    async file(name: string): Promise<Iterable<string> | AsyncIterable<string>> {
      if (name === 'pages.xml') {
        const categories = await catalog.listCategories();
        const paths = [
          ...PAGES,
          ...categories.map((c) => `/category?category=${encodeURIComponent(c.slug)}`),
        ];
        return [URLSET_OPEN + paths.map((path) => urlEntries(path)).join('\n') + URLSET_CLOSE];
      }
      const number = Number(PRODUCT_FILE.exec(name)?.[1]);
      if (!(
        number >= 1 && number <= Math.ceil((await repository.productCount()) / PRODUCTS_PER_FILE)
      )) {
        throw new NotFoundError('No sitemap file of that name.');
      }
      return productFile(number);
    },
  };
}

export type SitemapService = ReturnType<typeof createSitemapService>;
