import zlib from 'node:zlib';
import { createVariants } from '../stock';
import { adjust } from '../stock/stock-changes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@souq/contracts/errors';
import {
  categoryListSchema,
  flashSaleSchema,
  productListSchema,
  productSchema,
  suggestionListSchema,
} from '@souq/contracts/catalog';
import {
  createAppOverDb,
  createTestApp,
  testClock,
  testDialects,
  type TestApp,
} from '../../test/test-app';
import { SALES_REFRESH_MS } from './catalog-index';
import { CATALOG_CACHE_TTL_MS } from './short-lived-cache';
import { readDemoActivity, readDemoCatalog } from './demo-catalog.seed';

const demoProducts = readDemoCatalog();
const demoActivity = readDemoActivity();
const demoCategorySlugs = [...new Set(demoProducts.map((p) => p.categorySlug))];

describe.each(testDialects)('catalog API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('lists every category in order with its product count', async () => {
    const res = await get('/api/categories');
    expect(res.statusCode).toBe(200);
    const body = categoryListSchema.parse(res.json());
    expect(body.items.map((c) => c.slug)).toEqual(demoCategorySlugs);
    const first = body.items[0]!;
    expect(first.productCount).toBe(
      demoProducts.filter((p) => p.categorySlug === first.slug).length,
    );
    expect(res.headers['cache-control']).toContain('max-age');
  });

  it('pages through products without overlap, with the total', async () => {
    const page1 = productListSchema.parse(
      (await get('/api/products?limit=5&page=1&sort=price_asc')).json(),
    );
    const page2 = productListSchema.parse(
      (await get('/api/products?limit=5&page=2&sort=price_asc')).json(),
    );
    expect(page1.total).toBe(demoProducts.length);
    expect(page1.items).toHaveLength(5);
    expect(page2.page).toBe(2);
    const ids = new Set([...page1.items, ...page2.items].map((p) => p.id));
    expect(ids.size).toBe(10);
    const prices = [...page1.items, ...page2.items].map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('sends a list compressed whole, with its length, to a browser that accepts it', async () => {
    const url = '/api/products?limit=48';
    const plain = await get(url);
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    // Compressed in one call, not streamed: the length is known before the body is sent.
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.json());
  });

  it('filters by category and price range', async () => {
    const category = demoCategorySlugs[2]!;
    const body = productListSchema.parse(
      (
        await get(`/api/products?category=${category}&minPrice=1000&maxPrice=50000&limit=100`)
      ).json(),
    );
    const expected = demoProducts.filter(
      (p) => p.categorySlug === category && p.price >= 1000 && p.price <= 50000,
    );
    expect(body.total).toBe(expected.length);
    for (const product of body.items) {
      expect(product.category.slug).toBe(category);
      expect(product.price).toBeGreaterThanOrEqual(1000);
      expect(product.price).toBeLessThanOrEqual(50000);
    }
  });

  it('sorts by best selling, highest sales first', async () => {
    const body = productListSchema.parse(
      (await get('/api/products?sort=best_selling&limit=3')).json(),
    );
    const [topSales] = Object.entries(demoActivity).sort(([, a], [, b]) => b.sales - a.sales)[0]!;
    expect(body.items[0]!.slug).toBe(topSales);
  });

  it('searches any characters safely: symbols and emoji alone find nothing, never an error', async () => {
    for (const q of ['&#<>"\\', '🎧', "'", '%', '\\', '"', '*', '-', '^', ':']) {
      const res = await get(`/api/products?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(productListSchema.parse(res.json()).total, q).toBe(0);
    }
    for (const q of [
      '100%',
      "'; drop table products; --",
      'head & phones',
      'a"b\'c',
      'AND OR NOT',
    ]) {
      const res = await get(`/api/products?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      productListSchema.parse(res.json());
    }
    const all = productListSchema.parse((await get('/api/products?limit=1')).json());
    expect(all.total).toBe(demoProducts.length);
  });

  it('returns a product by id and by slug', async () => {
    const list = productListSchema.parse((await get('/api/products?limit=1')).json());
    const product = list.items[0]!;
    const byId = productSchema.parse((await get(`/api/products/${product.id}`)).json());
    const bySlug = productSchema.parse((await get(`/api/products/${product.slug}`)).json());
    expect(byId).toEqual(product);
    expect(bySlug).toEqual(product);
    expect(product.images[0]).toMatch(/^\/images\/products\/.+\.svg$/);
  });

  it('answers an unknown product with a 404 in the error shape', async () => {
    for (const id of ['999999', 'no-such-product', '0']) {
      const res = await get(`/api/products/${id}`);
      expect(res.statusCode).toBe(404);
      expect(apiErrorSchema.parse(res.json()).error.code).toBe('not_found');
    }
  });

  it.each([
    ['page=0', 'page'],
    ['limit=10000', 'limit'],
    ['sort=cheapest', 'sort'],
    ['minPrice=500&maxPrice=100', 'minPrice'],
    ['minPrice=abc', 'minPrice'],
    ['page=1.5', 'page'],
    ['limit=-1', 'limit'],
    ['maxPrice=1e3', 'maxPrice'],
  ])('refuses %s with a 400 naming the field', async (query, field) => {
    const res = await get(`/api/products?${query}`);
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.error.code).toBe('invalid_request');
    expect(Object.keys(body.error.fields ?? {})).toContain(field);
  });
});

describe.each(testDialects)('catalog responses reused for a few seconds on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: clock.now });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const afterTheCache = () => clock.advance(CATALOG_CACHE_TTL_MS + 1);
  const addProduct = async (slug: string, categorySlug: string) => {
    const category = await t.db.kysely
      .selectFrom('categories')
      .select('id')
      .where('slug', '=', categorySlug)
      .executeTakeFirstOrThrow();
    const { id } = await t.db.kysely
      .insertInto('products')
      .values({
        slug,
        name: 'Brass Desk Lamp',
        description: 'A lamp added while the shop is running.',
        category_id: category.id,
        price_cents: 4_500,
        currency: 'USD',
        images: JSON.stringify(['/images/products/brass-desk-lamp.svg']),
        stock: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await createVariants(
      t.db.kysely,
      [{ productId: id, variants: [{ colour: null, size: null, sku: null, stock: 3 }] }],
      { reason: 'import', actor: null, at: clock.now().toISOString() },
    );
  };

  it('shows a price and stock change on list, product and suggestion reads once the cache has expired', async () => {
    const listUrl = '/api/products?sort=best_selling&limit=3';
    const first = productListSchema.parse((await get(listUrl)).json()).items[0]!;
    const suggestUrl = `/api/search/suggestions?q=${encodeURIComponent(first.name)}`;
    expect(suggestionListSchema.parse((await get(suggestUrl)).json()).items[0]?.id).toBe(first.id);
    expect(productSchema.parse((await get(`/api/products/${first.slug}`)).json()).stock).toBe(
      first.stock,
    );

    // An order or an adjustment moves one variant's stock, and the product's sum with it.
    const variant = first.variants.at(-1)!;
    await t.db.kysely
      .updateTable('products')
      .set({ price_cents: first.price + 100, stock: first.stock + 7 })
      .where('id', '=', first.id)
      .execute();
    await t.db.kysely
      .updateTable('product_variants')
      .set({ stock: variant.stock + 7 })
      .where('id', '=', variant.id)
      .execute();
    afterTheCache();

    const listed = productListSchema.parse((await get(listUrl)).json()).items[0]!;
    expect([listed.id, listed.price, listed.stock]).toEqual([
      first.id,
      first.price + 100,
      first.stock + 7,
    ]);
    expect(listed.variants.at(-1)).toEqual({ ...variant, stock: variant.stock + 7 });
    const product = productSchema.parse((await get(`/api/products/${first.slug}`)).json());
    expect([product.price, product.stock]).toEqual([first.price + 100, first.stock + 7]);
    expect(product.variants).toEqual(listed.variants);
    const suggested = suggestionListSchema.parse((await get(suggestUrl)).json()).items[0]!;
    expect(suggested.price).toBe(first.price + 100);
  });

  it('shows an edit of what only the answer shows (images, sizes, a category name) once the cache has expired', async () => {
    const listUrl = '/api/products?sort=price_desc&limit=2';
    const first = productListSchema.parse((await get(listUrl)).json()).items[0]!;
    expect((await get(`/api/products/${first.id}`)).statusCode).toBe(200);
    await t.db.kysely
      .updateTable('products')
      .set({ images: JSON.stringify(['/images/products/edited.svg']), sizes: '["XL"]' })
      .where('id', '=', first.id)
      .execute();
    await t.db.kysely
      .updateTable('categories')
      .set({ name: 'Renamed aisle' })
      .where('slug', '=', first.category.slug)
      .execute();
    afterTheCache();

    for (const product of [
      productListSchema.parse((await get(listUrl)).json()).items[0]!,
      productSchema.parse((await get(`/api/products/${first.id}`)).json()),
    ]) {
      expect(product.id).toBe(first.id);
      expect(product.images).toEqual(['/images/products/edited.svg']);
      expect(product.sizes).toEqual(['XL']);
      expect(product.category.name).toBe('Renamed aisle');
    }
  });

  it('shows a new product in the totals and category counts once the cache has expired', async () => {
    const before = productListSchema.parse((await get('/api/products?limit=1')).json()).total;
    const categories = categoryListSchema.parse((await get('/api/categories')).json()).items;
    const category = categories[0]!;
    await addProduct('brass-desk-lamp', category.slug);
    afterTheCache();

    expect(productListSchema.parse((await get('/api/products?limit=1')).json()).total).toBe(
      before + 1,
    );
    const after = categoryListSchema.parse((await get('/api/categories')).json()).items[0]!;
    expect(after.productCount).toBe(category.productCount + 1);
  });

  it('answers one page the same whatever the order of its parameters, ETag included', async () => {
    const a = await get('/api/products?limit=4&sort=price_desc&category=headphones');
    const b = await get('/api/products?category=headphones&sort=price_desc&limit=4');
    expect(a.statusCode).toBe(200);
    expect(b.body).toBe(a.body);
    expect(b.headers.etag).toBe(a.headers.etag);
    const again = await get('/api/products?sort=price_desc&category=headphones&limit=4', {
      'if-none-match': String(a.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    // Defaults count as given: page 1, 24 items, relevance (best sellers without text).
    const implicit = await get('/api/products');
    const explicit = await get('/api/products?page=1&limit=24&sort=relevance');
    expect(explicit.headers.etag).toBe(implicit.headers.etag);
  });

  it('still refuses bad parameters next to a page it has answered', async () => {
    expect((await get('/api/products?sort=best_selling&limit=24')).statusCode).toBe(200);
    for (const [query, field] of [
      ['sort=best_selling&limit=24&page=0', 'page'],
      ['limit=24&sort=cheapest', 'sort'],
    ] as const) {
      const res = await get(`/api/products?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(apiErrorSchema.parse(res.json()).error.fields ?? {})).toContain(field);
    }
  });

  it('sends JSON with the catalog cache headers and a fresh ETag after a change', async () => {
    const url = '/api/products?sort=price_asc&limit=2';
    const first = await get(url);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    const etag = String(first.headers.etag);
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);

    const cheapest = productListSchema.parse(first.json()).items[0]!;
    // Through the stock ledger, as the shop changes stock: the storefront follows it.
    await t.db.kysely.transaction().execute((trx) =>
      adjust(trx, {
        variantId: cheapest.variants[0]!.id,
        change: 1,
        note: 'found one more',
        actor: null,
        at: clock.now().toISOString(),
      }),
    );
    afterTheCache();
    const changed = await get(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(productListSchema.parse(changed.json()).items[0]!.stock).toBe(cheapest.stock + 1);
  });

  it('does not keep an unknown product: one added later is found at once', async () => {
    const slug = 'a-product-added-later';
    expect((await get(`/api/products/${slug}`)).statusCode).toBe(404);
    await addProduct(slug, demoCategorySlugs[1]!);
    expect((await get(`/api/products/${slug}`)).statusCode).toBe(200);
  });

  it('ends a flash sale on its products when its time is up, with no edit', async () => {
    const sale = flashSaleSchema.parse((await get('/api/flash-sale')).json()).sale!;
    const member = sale.items[0]!;
    const url = `/api/products?category=${member.category.slug}&limit=100`;
    const listed = async () => productListSchema.parse((await get(url)).json());
    expect(productSchema.parse((await get(`/api/products/${member.id}`)).json()).flashSale).toEqual(
      {
        endsAt: sale.endsAt,
      },
    );
    clock.advance(Date.parse(sale.endsAt) - clock.now().getTime() + 1);
    expect(
      productSchema.parse((await get(`/api/products/${member.id}`)).json()).flashSale,
    ).toBeNull();
    const inList = (await listed()).items.find((p) => p.id === member.id);
    expect(inList?.flashSale).toBeNull();
  });
});

describe.each(testDialects)('the catalog index of each app server on %s', (dialect) => {
  let one: TestApp;
  let two: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    one = await createTestApp(dialect, { clock: clock.now });
    two = await createAppOverDb(one.db, { clock: clock.now });
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  const list = async (t: TestApp, url: string) =>
    productListSchema.parse((await t.app.inject({ method: 'GET', url })).json());

  it('moves a product between price bands on every app server once the cache has expired', async () => {
    const url = '/api/products?category=headphones&minPrice=0&maxPrice=100000000&sort=price_asc';
    const before = await list(one, url);
    const cheapest = before.items[0]!;
    expect((await list(two, url)).total).toBe(before.total);
    // Written by neither app server, as another server or the import would.
    await one.db.kysely
      .updateTable('products')
      .set({ price_cents: 100_000_001 })
      .where('id', '=', cheapest.id)
      .execute();
    clock.advance(CATALOG_CACHE_TTL_MS + 1);
    for (const t of [one, two]) {
      const after = await list(t, url);
      expect(after.total).toBe(before.total - 1);
      expect(after.items.map((p) => p.id)).not.toContain(cheapest.id);
    }
  });

  it('follows the orders in the best-selling order within five minutes', async () => {
    const url = '/api/products?sort=best_selling&limit=1';
    const { total } = await list(one, url);
    const last = (await list(one, `${url}&page=${total}`)).items[0]!;
    // Orders move sales counts this way, without a catalog edit.
    await one.db.kysely
      .updateTable('products')
      .set({ sales_count: 10_000_000 })
      .where('id', '=', last.id)
      .execute();
    clock.advance(SALES_REFRESH_MS + 1);
    for (const t of [one, two])
      await expect
        .poll(async () => {
          // Each look comes after the response cache's five seconds.
          clock.advance(CATALOG_CACHE_TTL_MS + 1);
          return (await list(t, url)).items[0]?.id;
        })
        .toBe(last.id);
  });
});
