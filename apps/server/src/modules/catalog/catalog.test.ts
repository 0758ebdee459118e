import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@souq/contracts/errors';
import { categoryListSchema, productListSchema, productSchema } from '@souq/contracts/catalog';
import { demoCategories, demoProducts } from '../../db/demo-catalog';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';

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
    expect(body.items.map((c) => c.slug)).toEqual(demoCategories.map((c) => c.slug));
    const first = body.items[0]!;
    expect(first.productCount).toBe(demoProducts.filter((p) => p.category === first.slug).length);
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

  it('filters by category and price range', async () => {
    const category = demoCategories[2]!.slug;
    const body = productListSchema.parse(
      (
        await get(`/api/products?category=${category}&minPrice=1000&maxPrice=50000&limit=100`)
      ).json(),
    );
    const expected = demoProducts.filter(
      (p) => p.category === category && p.price >= 1000 && p.price <= 50000,
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
    const topSales = [...demoProducts].sort((a, b) => b.sales - a.sales)[0]!;
    expect(body.items[0]!.slug).toBe(topSales.slug);
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
