import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCategoryListSchema,
  adminProductSchema,
  stockMovementListSchema,
  type ProductEditorInput,
} from '@souq/contracts/admin-catalog';
import { productListSchema, productSchema } from '@souq/contracts/catalog';
import { apiError } from '../../test/auth-helpers';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import { createTestApp, testClock, testDialects, type TestApp } from '../../test/test-app';
import { CATALOG_CACHE_TTL_MS } from '../catalog/short-lived-cache';

describe.each(testDialects)('the product editor API on %s', (dialect) => {
  let t: TestApp;
  let manager: TestStaff;
  let categoryId: number;
  let categorySlug: string;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: clock.now });
    manager = await signUpTestStaff(t.app, t.db, 'manager');
    const categories = adminCategoryListSchema.parse(
      (await send('GET', '/api/admin/categories')).json(),
    );
    categoryId = categories.items[0]!.id;
    categorySlug = categories.items[0]!.slug;
  });
  afterAll(() => t.close());

  function send(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
    return t.app.inject({
      method,
      url,
      headers: { cookie: manager.cookie },
      ...(payload && { payload }),
    });
  }
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  let counter = 0;
  function shirt(overrides: Partial<ProductEditorInput> = {}): ProductEditorInput {
    counter += 1;
    const colours = [
      { name: 'Navy', translations: { ar: { name: 'كحلي' } }, hex: '#1f2a44' },
      { name: 'Sand', translations: {}, hex: '#c2b280' },
    ];
    const sizes = ['S', 'M', 'L'];
    return {
      name: `Linen Shirt ${counter}`,
      description: 'Breathable washed linen.',
      translations: { ar: { name: 'قميص كتان', description: 'كتان مغسول.' } },
      price: 3999,
      compareAtPrice: null,
      categoryId,
      images: ['/images/products/default.svg'],
      colours,
      sizes,
      variants: colours.flatMap((c) =>
        sizes.map((size, i) => ({
          colour: c.name,
          size,
          sku: `SHIRT-${counter}-${c.name}-${size}`,
          initialStock: c.name === 'Navy' && i === 0 ? 1 : 10,
        })),
      ),
      published: true,
      lowStockThreshold: 2,
      ...overrides,
    };
  }

  it('creates a product with every colour × size, each with its initial stock in the ledger', async () => {
    const res = await send('POST', '/api/admin/products', shirt());
    expect(res.statusCode, res.body).toBe(201);
    const product = adminProductSchema.parse(res.json());
    expect(product.slug).toMatch(/^linen-shirt-\d+$/);
    expect(product.currency).toBe('USD');
    expect(product.variants).toHaveLength(6);
    expect(product.variants.map((v) => v.stock)).toEqual([1, 10, 10, 10, 10, 10]);
    const ledger = stockMovementListSchema.parse(
      (await send('GET', `/api/admin/products/${product.id}/stock-movements`)).json(),
    );
    expect(ledger.items).toHaveLength(6);
    expect(
      ledger.items.every((m) => m.reason === 'adjustment' && m.actorEmail === manager.email),
    ).toBe(true);

    clock.advance(CATALOG_CACHE_TTL_MS + 1);
    const shown = productSchema.parse((await get(`/api/products/${product.id}`)).json());
    expect(shown.stock).toBe(51);
    const list = await send('GET', `/api/admin/products?q=SHIRT-${counter}-Navy-S`);
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: product.id, stockState: 'low' }] });
  });

  it('keeps how VAT applies to a product: standard unless staff say zero-rated or exempt', async () => {
    const made = adminProductSchema.parse(
      (await send('POST', '/api/admin/products', shirt())).json(),
    );
    expect(made.taxClass).toBe('standard');
    const body = { ...shirt(), slug: made.slug, taxClass: 'zero_rated' };
    const res = await send('PUT', `/api/admin/products/${made.id}`, {
      ...body,
      variants: made.variants.map(({ colour, size, sku }) => ({ colour, size, sku })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminProductSchema.parse(res.json()).taxClass).toBe('zero_rated');
    const bad = await send('POST', '/api/admin/products', { ...shirt(), taxClass: 'half' });
    expect(bad.statusCode).toBe(400);
    expect(apiError(bad).fields).toHaveProperty('taxClass');
  });

  it('refuses bad input with a message per field and saves nothing', async () => {
    const before = (await send('GET', '/api/admin/products')).json<{ total: number }>().total;
    const input = shirt({
      name: '',
      price: -1,
      compareAtPrice: 10,
      categoryId: 999_999,
      images: ['/media/abcdefghijkl/640.webp', 'https://elsewhere.example/a.png'],
      variants: shirt().variants.slice(1),
    });
    const res = await send('POST', '/api/admin/products', input);
    expect(res.statusCode).toBe(400);
    expect(apiError(res).fields).toHaveProperty('name');
    expect(apiError(res).fields).toHaveProperty('price');

    const shopProblems = await send('POST', '/api/admin/products', {
      ...input,
      name: 'Fine name',
      price: 100,
      compareAtPrice: null,
    });
    expect(shopProblems.statusCode).toBe(400);
    expect(Object.keys(apiError(shopProblems).fields ?? {}).sort()).toEqual([
      'categoryId',
      'images.0',
      'images.1',
      'variants',
    ]);
    expect((await send('GET', '/api/admin/products')).json<{ total: number }>().total).toBe(before);
  });

  it('answers 409 for a slug or a SKU already used, and writes nothing', async () => {
    const first = adminProductSchema.parse(
      (await send('POST', '/api/admin/products', shirt())).json(),
    );
    const slugClash = await send('POST', '/api/admin/products', shirt({ slug: first.slug }));
    expect(slugClash.statusCode).toBe(409);
    expect(apiError(slugClash).code).toBe('slug_taken');
    const other = shirt();
    other.variants[2]!.sku = first.variants[0]!.sku;
    const skuClash = await send('POST', '/api/admin/products', other);
    expect(skuClash.statusCode).toBe(409);
    expect(apiError(skuClash).code).toBe('sku_taken');
    expect(apiError(skuClash).fields).toHaveProperty(['variants.2.sku']);
    const found = await send(
      'GET',
      `/api/admin/products?q=${other.name.toLowerCase().replaceAll(' ', '-')}`,
    );
    expect(found.json()).toMatchObject({ total: 0 });
  });

  it('replaces a product: a price edit and unpublishing reach the storefront after its cache time', async () => {
    const input = shirt();
    const created = adminProductSchema.parse(
      (await send('POST', '/api/admin/products', input)).json(),
    );
    clock.advance(CATALOG_CACHE_TTL_MS + 1);
    expect(productSchema.parse((await get(`/api/products/${created.id}`)).json()).price).toBe(3999);

    // A size goes away; the rest keep their stock, which the editor may not set again.
    const sizes = ['S', 'M'];
    const variants = input.colours.flatMap((c) =>
      sizes.map((size) => ({ colour: c.name, size, sku: null })),
    );
    const res = await send('PUT', `/api/admin/products/${created.id}`, {
      ...input,
      price: 4550,
      sizes,
      variants,
    });
    expect(res.statusCode, res.body).toBe(200);
    const replaced = adminProductSchema.parse(res.json());
    expect(replaced.variants.map((v) => [v.colour, v.size, v.stock])).toEqual([
      ['Navy', 'S', 1],
      ['Navy', 'M', 10],
      ['Sand', 'S', 10],
      ['Sand', 'M', 10],
    ]);
    expect(replaced.updatedAt > created.updatedAt).toBe(true);

    // Within the cache time the storefront may still answer the old price; after it, the new.
    clock.advance(CATALOG_CACHE_TTL_MS + 1);
    expect(productSchema.parse((await get(`/api/products/${created.id}`)).json()).price).toBe(4550);
    const inList = productListSchema.parse(
      (await get(`/api/products?category=${categorySlug}&limit=100&sort=newest`)).json(),
    );
    expect(inList.items.find((p) => p.id === created.id)?.price).toBe(4550);

    const resetStock = await send('PUT', `/api/admin/products/${created.id}`, {
      ...input,
      sizes,
      variants: variants.map((v) => ({ ...v, initialStock: 5 })),
    });
    expect(resetStock.statusCode).toBe(400);
    expect(apiError(resetStock).fields).toHaveProperty('variants.0.initialStock');

    await send('PUT', `/api/admin/products/${created.id}`, {
      ...input,
      price: 4550,
      sizes,
      variants,
      published: false,
    });
    clock.advance(CATALOG_CACHE_TTL_MS + 1);
    expect((await get(`/api/products/${created.id}`)).statusCode).toBe(404);
    const hidden = productListSchema.parse(
      (await get(`/api/products?category=${categorySlug}&limit=100&sort=newest`)).json(),
    );
    expect(hidden.items.map((p) => p.id)).not.toContain(created.id);
    expect((await send('GET', `/api/admin/products/${created.id}`)).json()).toMatchObject({
      published: false,
    });
    expect((await send('GET', '/api/admin/products/999999')).statusCode).toBe(404);
    expect((await send('PUT', '/api/admin/products/999999', input)).statusCode).toBe(404);
  });
});
