import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema } from '@souq/contracts/catalog';
import { apiErrorSchema } from '@souq/contracts/errors';
import { createTestApp, testDialects, type TestApp } from '../test/test-app';

/** A built web app as the build leaves it: index.html naming the entry, and the route chunks. */
function writeDist(routeChunks: unknown): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-hints-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<html><head><script type="module" src="/assets/index-e1.js"></script></head><body></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'route-chunks.json'), JSON.stringify(routeChunks));
  return dist;
}

const routeChunks = {
  '/': ['assets/home-page-h1.js', 'assets/index-e1.js', 'assets/grid-g1.js'],
  '/productdetails/:id': ['assets/product-details-page-p1.js', 'assets/grid-g1.js'],
  '/about': ['assets/about-page-a1.js', 'assets/page-a1.css'],
  '*': ['assets/not-found-page-n1.js'],
};

const links = (html: string) => html.match(/<link [^>]*>/g) ?? [];

describe.each(testDialects)('preload hints in the page HTML on %s', (dialect) => {
  const dist = writeDist(routeChunks);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("names the home page's chunks the entry does not, and no read: its HTML carries them", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    // The categories and the flash sale are in the server-rendered page (decision 011).
    expect(links(res.body)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/home-page-h1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/grid-g1.js">',
    ]);
  });

  it("preloads a product page's main image, however the path is cased", async () => {
    const product = productSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/products/7' })).json(),
    );
    for (const idOrSlug of ['7', product.slug]) {
      const res = await t.app.inject({ method: 'GET', url: `/ProductDetails/${idOrSlug}` });
      expect(res.statusCode).toBe(200);
      expect(links(res.body)).toEqual([
        '<link rel="modulepreload" crossorigin href="/assets/product-details-page-p1.js">',
        '<link rel="modulepreload" crossorigin href="/assets/grid-g1.js">',
        `<link rel="preload" as="image" fetchpriority="high" href="${product.images[0]}">`,
      ]);
    }
  });

  it('refuses a path that does not decode, in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/productdetails/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).error.code).toBe('bad_request');
  });

  it('hints no data for a product that is not there', async () => {
    for (const url of ['/productdetails/999999', '/productdetails/a%22b%3C']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).not.toContain('as="fetch"');
      expect(res.body).toContain('/assets/product-details-page-p1.js');
    }
  });

  it('preloads a route stylesheet as a style, and gives other pages no hints', async () => {
    const about = await t.app.inject({ method: 'GET', url: '/about' });
    expect(links(about.body)).toContain(
      '<link rel="preload" as="style" href="/assets/page-a1.css">',
    );
    for (const url of ['/no/such/page', '/productdetails/7/more']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(links(res.body), url).toEqual([]);
    }
  });
});

describe('a route-chunks file that is not what the build writes', () => {
  it('stops the server at start instead of naming files outside the assets', async () => {
    const dist = writeDist({ '/': ['../../etc/passwd'] });
    try {
      await expect(createTestApp('sqlite', { seed: false, webDistDir: dist })).rejects.toThrow();
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
