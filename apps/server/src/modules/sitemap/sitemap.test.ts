import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIsoString } from '../../db/dialect';
import { generateCatalog } from '../catalog/catalog-generate';
import { readDemoCatalog } from '../catalog/demo-catalog.seed';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { PRODUCTS_PER_FILE, URLS_PER_FILE } from './sitemap.service';

const CATALOG_SIZE = 100_000;

const lastmods = (xml: string) =>
  [...xml.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)].map((m) => m[1]);

/** Each `<url>`'s address and lastmod. */
const urlsWithLastmod = (xml: string) =>
  [...xml.matchAll(/<url><loc>([^<]*)<\/loc><lastmod>([^<]*)<\/lastmod>/g)].map(
    (m) => [(m[1] ?? '').replace(/&amp;/g, '&'), m[2] ?? ''] as const,
  );

const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));

describe.each(testDialects)('robots.txt and the sitemap on %s', (dialect) => {
  let t: TestApp;
  let productIds: number[];
  /** Each product's last change as the sitemap must write it. */
  let updatedAt: Map<number, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await generateCatalog(t.db, { count: CATALOG_SIZE - readDemoCatalog().length, seed: 11 });
    const rows = await t.db.kysely.selectFrom('products').select(['id', 'updated_at']).execute();
    productIds = rows.map((r) => r.id);
    updatedAt = new Map(rows.map((r) => [r.id, toIsoString(r.updated_at)]));
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
    const wrongLastmods: string[] = [];
    const fileLastmods = lastmods(index.body);
    expect(fileLastmods).toHaveLength(files.length);
    for (const [n, file] of files.slice(1).entries()) {
      const res = await t.app.inject(new URL(file).pathname);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/xml/);
      const urls = res.body.match(/<url>/g)?.length ?? 0;
      expect(urls).toBeLessThanOrEqual(URLS_PER_FILE);
      expect(res.body.match(/<xhtml:link /g)?.length).toBe(urls * 3);
      const changes: string[] = [];
      for (const [loc, lastmod] of urlsWithLastmod(res.body)) {
        const url = new URL(loc);
        const id = Number(/^\/productdetails\/(\d+)$/.exec(url.pathname)?.[1]);
        if (lastmod !== updatedAt.get(id)) wrongLastmods.push(loc);
        changes.push(lastmod);
        const language = url.searchParams.get('lang') === 'ar' ? 'ar' : 'en';
        seen[language].set(id, (seen[language].get(id) ?? 0) + 1);
      }
      // A file's lastmod in the index is its latest product change.
      expect(fileLastmods[n + 1], file).toBe(changes.sort().at(-1));
    }
    expect(wrongLastmods).toEqual([]);
    expect(fileLastmods[0]).toBe([...updatedAt.values()].sort().at(-1));
    for (const language of ['en', 'ar'] as const) {
      expect(seen[language].size).toBe(CATALOG_SIZE);
      expect([...seen[language].values()].every((count) => count === 1)).toBe(true);
      expect([...seen[language].keys()].sort((a, b) => a - b)).toEqual(
        [...productIds].sort((a, b) => a - b),
      );
    }
    // 200 000 addresses read and checked: longer than a test's usual bound on a loaded machine.
  }, 120_000);

  // The first catalog read after the generator builds the index of 100 000 products.
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
  }, 120_000);

  it("moves a product's lastmod and its file's when the product changes", async () => {
    const id = productIds[productIds.length - 1] ?? 0;
    const later = '2031-05-06T07:08:09.000Z';
    await t.db.kysely
      .updateTable('products')
      .set({ updated_at: dialect === 'postgres' ? new Date(later) : later })
      .where('id', '=', id)
      .execute();
    const index = await t.app.inject('/sitemap.xml');
    const lastFile = locs(index.body).at(-1) ?? '';
    expect(lastmods(index.body).at(-1)).toBe(later);
    expect(lastmods(index.body)[0]).toBe(later);
    const file = await t.app.inject(new URL(lastFile).pathname);
    const entries = urlsWithLastmod(file.body).filter(([loc]) =>
      new URL(loc).pathname.endsWith(`/productdetails/${id}`),
    );
    expect(entries.map(([, lastmod]) => lastmod)).toEqual([later, later]);
  });

  it('answers a crawler that has a product file with 304 until the file changes', async () => {
    const file = '/sitemaps/products-1.xml';
    const first = await t.app.inject(file);
    const etag = first.headers.etag ?? '';
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await t.app.inject({ url: file, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // An edit of one of its products: its lastmod moves, and so does the file's version.
    const edited = 7;
    await t.db.kysely
      .updateTable('products')
      .set({ updated_at: dialect === 'postgres' ? new Date() : new Date().toISOString() })
      .where('id', '=', edited)
      .execute();
    const afterEdit = await t.app.inject({ url: file, headers: { 'if-none-match': etag } });
    expect(afterEdit.statusCode).toBe(200);
    expect(afterEdit.headers.etag).not.toBe(etag);

    // A product hidden without its time of change moving (a direct write) is a new version too.
    const hidden = 9;
    await t.db.kysely
      .updateTable('products')
      .set({ published: 0 })
      .where('id', '=', hidden)
      .execute();
    const afterHide = await t.app.inject({
      url: file,
      headers: { 'if-none-match': String(afterEdit.headers.etag) },
    });
    expect(afterHide.statusCode).toBe(200);
    expect(locs(afterHide.body).some((loc) => loc.endsWith(`/productdetails/${hidden}`))).toBe(
      false,
    );
    await t.db.kysely
      .updateTable('products')
      .set({ published: 1 })
      .where('id', '=', hidden)
      .execute();
  });

  it('sends a product file in gzip to a crawler that takes Brotli too', async () => {
    const file = '/sitemaps/products-1.xml';
    const plain = await t.app.inject(file);
    const compressed = await t.app.inject({
      url: file,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(compressed.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('answers 404 for a file the index does not list', async () => {
    for (const name of ['products-0.xml', 'products-99.xml', 'other.xml']) {
      const res = await t.app.inject(`/sitemaps/${name}`);
      expect(res.statusCode, name).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });
  it('keeps each product in its file by id, and leaves out a file whose products are all hidden', async () => {
    const second = { after: PRODUCTS_PER_FILE, upTo: 2 * PRODUCTS_PER_FILE };
    await t.db.kysely
      .updateTable('products')
      .set({ published: 0 })
      .where('id', '>', second.after)
      .where('id', '<=', second.upTo)
      .execute();
    const index = await t.app.inject('/sitemap.xml');
    const names = locs(index.body).map((f) => new URL(f).pathname);
    expect(names).not.toContain('/sitemaps/products-2.xml');
    expect(names).toContain('/sitemaps/products-3.xml');
    expect((await t.app.inject('/sitemaps/products-2.xml')).statusCode).toBe(404);
    const third = await t.app.inject('/sitemaps/products-3.xml');
    const ids = new Set(
      locs(third.body).map((loc) => Number(/\/productdetails\/(\d+)/.exec(loc)?.[1])),
    );
    expect(Math.min(...ids)).toBe(2 * PRODUCTS_PER_FILE + 1);
    expect(Math.max(...ids)).toBe(3 * PRODUCTS_PER_FILE);
    expect(ids.size).toBe(PRODUCTS_PER_FILE);
  }, 60_000);
});
