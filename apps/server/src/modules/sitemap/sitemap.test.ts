import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalog } from '../catalog/catalog-generate';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { PRODUCTS_PER_FILE, URLS_PER_FILE } from './sitemap.service';

const CATALOG_SIZE = 100_000;

const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));

describe.each(testDialects)('robots.txt and the sitemap on %s', (dialect) => {
  let t: TestApp;
  let productIds: number[];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await generateCatalog(t.db, { count: CATALOG_SIZE - 144, seed: 11 });
    productIds = (await t.db.kysely.selectFrom('products').select('id').execute()).map((r) => r.id);
  }, 300_000);
  afterAll(() => t.close());

  it('lets crawlers in, keeps them out of personal pages and names the sitemap', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^User-agent: \*$/m);
    for (const path of ['/cart', '/checkout', '/account', '/admin', '/api/']) {
      expect(res.body).toContain(`Disallow: ${path}\n`);
    }
    expect(res.body).not.toMatch(/^Disallow: \/$/m);
    expect(res.body).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m);
  });

  it('lists every product once per language, in files under the URL limit', async () => {
    expect(productIds.length).toBe(CATALOG_SIZE);
    const index = await t.app.inject('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('public, max-age=3600');
    const files = locs(index.body);
    expect(files.map((f) => new URL(f).pathname)).toEqual([
      '/sitemaps/pages.xml',
      ...Array.from(
        { length: Math.ceil(CATALOG_SIZE / PRODUCTS_PER_FILE) },
        (_, i) => `/sitemaps/products-${i + 1}.xml`,
      ),
    ]);

    const seen = { en: new Map<number, number>(), ar: new Map<number, number>() };
    for (const file of files.slice(1)) {
      const res = await t.app.inject(new URL(file).pathname);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/xml/);
      const urls = res.body.match(/<url>/g)?.length ?? 0;
      expect(urls).toBeLessThanOrEqual(URLS_PER_FILE);
      expect(res.body.match(/<xhtml:link /g)?.length).toBe(urls * 3);
      for (const loc of locs(res.body)) {
        const url = new URL(loc);
        const id = Number(/^\/productdetails\/(\d+)$/.exec(url.pathname)?.[1]);
        const language = url.searchParams.get('lang') === 'ar' ? 'ar' : 'en';
        seen[language].set(id, (seen[language].get(id) ?? 0) + 1);
      }
    }
    for (const language of ['en', 'ar'] as const) {
      expect(seen[language].size).toBe(CATALOG_SIZE);
      expect([...seen[language].values()].every((count) => count === 1)).toBe(true);
      expect([...seen[language].keys()].sort((a, b) => a - b)).toEqual(
        [...productIds].sort((a, b) => a - b),
      );
    }
  });

  it('lists the pages and categories with their language alternates', async () => {
    const res = await t.app.inject('/sitemaps/pages.xml');
    const paths = locs(res.body).map((loc) => {
      const url = new URL(loc);
      return url.pathname + url.search;
    });
    expect(paths).toContain('/');
    expect(paths).toContain('/?lang=ar');
    expect(paths).toContain('/productS');
    expect(paths).toContain('/category?category=phones&lang=ar');
    expect(res.body).toContain('hreflang="x-default"');
    expect(res.body).not.toMatch(/&(?!amp;)/);
  });

  it('answers 404 for a file the index does not list', async () => {
    for (const name of ['products-0.xml', 'products-99.xml', 'other.xml']) {
      const res = await t.app.inject(`/sitemaps/${name}`);
      expect(res.statusCode, name).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });
});
