import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCategoryListSchema,
  adminCategorySchema,
  adminProductListSchema,
  adminProductSchema,
} from '@souq/contracts/admin-catalog';
import {
  categoryListSchema,
  flashSaleSchema,
  productListSchema,
  suggestionListSchema,
} from '@souq/contracts/catalog';
import { quoteSchema } from '@souq/contracts/orders';
import { serverCartSchema } from '@souq/contracts/carts';
import { apiError, signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import { createTestApp, testClock, testDialects, type TestApp } from '../../test/test-app';
import { CATALOG_CACHE_TTL_MS } from '../catalog/short-lived-cache';
import { multipartFile } from '../../test/multipart';
import { parseCsv } from '../../csv/csv';

describe.each(testDialects)('the back office catalog on %s', (dialect) => {
  let t: TestApp;
  let manager: TestStaff;
  let shopper: TestUser;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: clock.now });
    manager = await signUpTestStaff(t.app, t.db, 'manager');
    shopper = await signUpTestUser(t.app);
  });
  afterAll(() => t.close());

  const asManager = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: manager.cookie }, ...(payload && { payload }) });
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  /** Past the catalog's cache time: what the storefront answers now reflects every edit. */
  const afterCacheTime = () => clock.advance(CATALOG_CACHE_TTL_MS + 1);
  const listProducts = async (query: string) =>
    adminProductListSchema.parse((await asManager('GET', `/api/admin/products?${query}`)).json());

  it('refuses support and fulfilment staff on every catalog route', async () => {
    for (const role of ['support', 'fulfilment'] as const) {
      const member = await signUpTestStaff(t.app, t.db, role);
      for (const [method, url, payload] of [
        ['GET', '/api/admin/products', undefined],
        ['POST', '/api/admin/products/bulk', { action: 'publish', ids: [1] }],
        ['DELETE', '/api/admin/products/1', undefined],
        ['GET', '/api/admin/categories', undefined],
        ['POST', '/api/admin/categories', { name: 'X', translations: {}, image: null }],
        ['PUT', '/api/admin/categories/order', { ids: [1] }],
        ['DELETE', '/api/admin/categories/1', undefined],
        ['POST', '/api/admin/media', undefined],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: { cookie: member.cookie },
          ...(payload && { payload }),
        });
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(apiError(res).code).toBe('forbidden');
      }
    }
  });

  it('lists products with search, filters and paging, and leaves archived ones out', async () => {
    const all = await listProducts('');
    expect(all.total).toBeGreaterThan(25);
    expect(all.items).toHaveLength(25);
    expect(all.pageSize).toBe(25);
    const page2 = await listProducts('page=2');
    expect(page2.items[0]?.id).not.toBe(all.items[0]?.id);

    const first = all.items[0]!;
    const found = await listProducts(`q=${encodeURIComponent(first.name.slice(0, 8))}`);
    expect(found.items.map((p) => p.id)).toContain(first.id);
    const bySlug = await listProducts(`q=${first.slug}`);
    expect(bySlug.items.map((p) => p.id)).toContain(first.id);

    const inCategory = await listProducts(`category=${first.category.slug}`);
    expect(inCategory.items.every((p) => p.category.slug === first.category.slug)).toBe(true);
    expect(inCategory.total).toBeLessThan(all.total);

    const onSale = await listProducts('onSale=true');
    expect(onSale.items.length).toBeGreaterThan(0);
    expect(onSale.items.every((p) => p.onSale)).toBe(true);

    const bad = await asManager('GET', '/api/admin/products?stock=plenty&page=0');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(apiError(bad).fields ?? {})).toEqual(
      expect.arrayContaining(['stock', 'page']),
    );
  });

  it('unpublishes and publishes in bulk; the storefront follows within its cache time', async () => {
    const [a, b] = (await listProducts('published=true')).items;
    const shown = productListSchema.parse((await get('/api/products?limit=100')).json());
    const before = shown.total;
    const res = await asManager('POST', '/api/admin/products/bulk', {
      action: 'unpublish',
      ids: [a!.id, b!.id],
    });
    expect(res.json()).toEqual({ updated: 2 });
    // Within the cache time the storefront may still answer what it had.
    afterCacheTime();
    const after = productListSchema.parse((await get('/api/products?limit=100')).json());
    expect(after.total).toBe(before - 2);
    expect((await get(`/api/products/${a!.id}`)).statusCode).toBe(404);
    expect((await get(`/api/products/${b!.slug}`)).statusCode).toBe(404);
    expect((await listProducts('published=false')).items.map((p) => p.id)).toEqual(
      expect.arrayContaining([a!.id, b!.id]),
    );

    await asManager('POST', '/api/admin/products/bulk', { action: 'publish', ids: [a!.id, b!.id] });
    afterCacheTime();
    expect((await get(`/api/products/${a!.id}`)).statusCode).toBe(200);
    const back = productListSchema.parse((await get('/api/products?limit=100')).json());
    expect(back.total).toBe(before);
  });

  it('changes nothing in bulk when one product is unknown, and audits what it does', async () => {
    const [a] = (await listProducts('published=true')).items;
    const res = await asManager('POST', '/api/admin/products/bulk', {
      action: 'unpublish',
      ids: [a!.id, 999_999],
    });
    expect(res.statusCode).toBe(404);
    expect(apiError(res).fields).toEqual({ 'ids.1': 'No such product' });
    expect((await listProducts(`q=${a!.slug}`)).items[0]?.published).toBe(true);

    const move = await asManager('POST', '/api/admin/products/bulk', {
      action: 'move',
      ids: [a!.id],
      categoryId: 999_999,
    });
    expect(move.statusCode).toBe(400);
    expect(apiError(move).fields).toEqual({ categoryId: 'No such category' });

    const owner = await signUpTestStaff(t.app, t.db, 'owner');
    const categories = adminCategoryListSchema.parse(
      (await asManager('GET', '/api/admin/categories')).json(),
    ).items;
    const target = categories.find((c) => c.id !== a!.category.id)!;
    await asManager('POST', '/api/admin/products/bulk', {
      action: 'move',
      ids: [a!.id],
      categoryId: target.id,
    });
    expect((await listProducts(`q=${a!.slug}`)).items[0]?.category.id).toBe(target.id);
    const audit = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/audit',
        headers: { cookie: owner.cookie },
      })
    ).json<{ items: { action: string; entityId: string }[] }>();
    expect(audit.items[0]).toMatchObject({ action: 'product.move', entityId: String(a!.id) });
  });

  it('archives a product: gone from every storefront answer and the lists, kept for orders', async () => {
    const flash = flashSaleSchema.parse((await get('/api/flash-sale')).json()).sale!;
    const victim = flash.items[0]!;
    await t.app.inject({
      method: 'PUT',
      url: '/api/cart',
      headers: { cookie: shopper.cookie },
      payload: { items: [{ productId: victim.id, quantity: 1 }] },
    });

    const res = await asManager('DELETE', `/api/admin/products/${victim.id}`);
    expect(res.statusCode).toBe(204);
    afterCacheTime();

    expect((await get(`/api/products/${victim.id}`)).statusCode).toBe(404);
    expect((await listProducts(`q=${victim.slug}`)).total).toBe(0);
    const list = productListSchema.parse(
      (await get(`/api/products?category=${victim.category.slug}&limit=100`)).json(),
    );
    expect(list.items.map((p) => p.id)).not.toContain(victim.id);
    const search = productListSchema.parse(
      (await get(`/api/products?q=${encodeURIComponent(victim.name)}&limit=100`)).json(),
    );
    expect(search.items.map((p) => p.id)).not.toContain(victim.id);
    const suggestions = suggestionListSchema.parse(
      (await get(`/api/search/suggestions?q=${encodeURIComponent(victim.name)}`)).json(),
    );
    expect(suggestions.items.map((p) => p.id)).not.toContain(victim.id);
    const sale = flashSaleSchema.parse((await get('/api/flash-sale')).json()).sale;
    expect(sale?.items.map((p) => p.id) ?? []).not.toContain(victim.id);
    const quote = quoteSchema.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/orders/quote',
          payload: { lines: [{ productId: victim.id, quantity: 1 }] },
        })
      ).json(),
    );
    expect(quote.lines[0]?.status).toBe('unavailable');
    const cart = serverCartSchema.parse(
      (await t.app.inject({ url: '/api/cart', headers: { cookie: shopper.cookie } })).json(),
    );
    expect(cart.items.map((i) => i.id)).not.toContain(victim.id);
    const sitemap = await t.app.inject('/sitemaps/products-1.xml');
    expect(sitemap.body).not.toContain(`/productdetails/${victim.id}<`);
    expect(sitemap.body).toContain('/productdetails/');
    const categories = categoryListSchema.parse((await get('/api/categories')).json());
    const count = categories.items.find((c) => c.slug === victim.category.slug)!.productCount;
    const adminCount = adminCategoryListSchema
      .parse((await asManager('GET', '/api/admin/categories')).json())
      .items.find((c) => c.slug === victim.category.slug)!.productCount;
    expect(count).toBe(adminCount);

    // Archiving it again is a 404: it is gone from the back office too.
    expect((await asManager('DELETE', `/api/admin/products/${victim.id}`)).statusCode).toBe(404);
  });

  describe('categories', () => {
    const create = (payload: object) => asManager('POST', '/api/admin/categories', payload);

    it('creates a category with a slug from its English name, once', async () => {
      const res = await create({
        name: 'Garden Tools',
        translations: { ar: { name: 'أدوات الحديقة' } },
        image: null,
      });
      expect(res.statusCode).toBe(201);
      const created = adminCategorySchema.parse(res.json());
      expect(created).toMatchObject({
        slug: 'garden-tools',
        translations: { ar: { name: 'أدوات الحديقة' } },
        productCount: 0,
      });
      const again = await create({ name: 'Garden tools', translations: {}, image: null });
      expect(again.statusCode).toBe(409);
      expect(apiError(again).code).toBe('slug_taken');
      expect(apiError(again).fields).toHaveProperty('slug');
      afterCacheTime();
      const shop = categoryListSchema.parse((await get('/api/categories')).json());
      expect(shop.items.at(-1)).toMatchObject({ slug: 'garden-tools' });
    });

    it('refuses a nameless category and a picture the shop does not have', async () => {
      const nameless = await create({ name: ' ', translations: {}, image: null });
      expect(nameless.statusCode).toBe(400);
      expect(apiError(nameless).fields).toHaveProperty('name');
      for (const image of [
        '/media/abcdefghijkl/640.webp',
        '/images/nope.png',
        'https://x.io/a.png',
      ]) {
        const res = await create({ name: 'Pictured', translations: {}, image });
        expect(res.statusCode, image).toBe(400);
        expect(apiError(res).fields).toHaveProperty('image');
      }
      const ownPicture = await create({
        name: 'Pictured',
        translations: {},
        image: '/images/products/default.svg',
      });
      expect(ownPicture.statusCode).toBe(201);
    });

    it('renames in both languages and keeps the slug', async () => {
      const { id } = adminCategorySchema.parse(
        (await create({ name: 'Kitchen Stuff', translations: {}, image: null })).json(),
      );
      const res = await asManager('PUT', `/api/admin/categories/${id}`, {
        name: 'Kitchen',
        translations: { ar: { name: 'المطبخ' } },
        image: null,
      });
      expect(adminCategorySchema.parse(res.json())).toMatchObject({
        slug: 'kitchen-stuff',
        name: 'Kitchen',
        translations: { ar: { name: 'المطبخ' } },
      });
      const clash = await asManager('PUT', `/api/admin/categories/${id}`, {
        slug: 'garden-tools',
        name: 'Kitchen',
        translations: {},
        image: null,
      });
      expect(clash.statusCode).toBe(409);
      expect(apiError(clash).code).toBe('slug_taken');
      expect(
        (
          await asManager('PUT', '/api/admin/categories/999999', {
            name: 'X',
            translations: {},
            image: null,
          })
        ).statusCode,
      ).toBe(404);
    });

    it('reorders with every id; the storefront lists them in that order', async () => {
      const before = adminCategoryListSchema.parse(
        (await asManager('GET', '/api/admin/categories')).json(),
      ).items;
      const reversed = before.map((c) => c.id).reverse();
      const partial = await asManager('PUT', '/api/admin/categories/order', {
        ids: reversed.slice(1),
      });
      expect(partial.statusCode).toBe(400);
      expect(apiError(partial).fields).toHaveProperty('ids');
      const res = await asManager('PUT', '/api/admin/categories/order', { ids: reversed });
      expect(res.statusCode).toBe(200);
      expect(adminCategoryListSchema.parse(res.json()).items.map((c) => c.id)).toEqual(reversed);
      afterCacheTime();
      const shop = categoryListSchema.parse((await get('/api/categories')).json());
      expect(shop.items.map((c) => c.slug)).toEqual([...before].reverse().map((c) => c.slug));
    });

    it('deletes a category only when it is empty', async () => {
      const items = adminCategoryListSchema.parse(
        (await asManager('GET', '/api/admin/categories')).json(),
      ).items;
      const full = items.find((c) => c.productCount > 0)!;
      const res = await asManager('DELETE', `/api/admin/categories/${full.id}`);
      expect(res.statusCode).toBe(409);
      expect(apiError(res).code).toBe('category_not_empty');
      const empty = items.find((c) => c.slug === 'garden-tools')!;
      expect((await asManager('DELETE', `/api/admin/categories/${empty.id}`)).statusCode).toBe(204);
      expect((await asManager('DELETE', `/api/admin/categories/${empty.id}`)).statusCode).toBe(404);
    });
  });

  describe('import and export', () => {
    const importFile = (fileName: string, text: string) => {
      const body = multipartFile('file', fileName, 'application/octet-stream', Buffer.from(text));
      return t.app.inject({
        method: 'POST',
        url: '/api/admin/catalog/import',
        headers: { ...body.headers, cookie: manager.cookie },
        payload: body.payload,
      });
    };

    it('exports a file that imports back unchanged, in JSON and CSV', async () => {
      const before = (await listProducts('')).total;
      for (const format of ['json', 'csv'] as const) {
        const exported = await asManager('GET', `/api/admin/catalog/export?format=${format}`);
        expect(exported.statusCode).toBe(200);
        expect(exported.headers['content-disposition']).toBe(
          `attachment; filename="catalog.${format}"`,
        );
        const res = await importFile(`catalog.${format}`, exported.body);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ created: 0, updated: before });
        const again = await asManager('GET', `/api/admin/catalog/export?format=${format}`);
        expect(again.body).toBe(exported.body);
      }
      expect((await listProducts('')).total).toBe(before);
      const bad = await asManager('GET', '/api/admin/catalog/export?format=xml');
      expect(bad.statusCode).toBe(400);
    });

    it('exports each variant with its SKU and stock and the colours’ Arabic names, and imports them back', async () => {
      const categories = adminCategoryListSchema.parse(
        (await asManager('GET', '/api/admin/categories')).json(),
      );
      const colours = [
        { name: 'Navy', translations: { ar: { name: 'كحلي' } }, hex: '#1f2a44' },
        { name: 'Sand', translations: { ar: { name: 'رملي' } }, hex: '#c2b280' },
      ];
      const sizes = ['S', 'M', 'L'];
      const created = await asManager('POST', '/api/admin/products', {
        name: 'Exported Linen Shirt',
        description: 'Breathable washed linen.',
        translations: { ar: { name: 'قميص كتان', description: 'كتان مغسول.' } },
        price: 3999,
        compareAtPrice: null,
        categoryId: categories.items[0]!.id,
        images: ['/images/products/default.svg'],
        colours,
        sizes,
        variants: colours.flatMap((c, ci) =>
          sizes.map((size, si) => ({
            colour: c.name,
            size,
            sku: `EXP-${c.name}-${size}`,
            initialStock: ci * 3 + si + 1,
          })),
        ),
        published: true,
        lowStockThreshold: 2,
      });
      expect(created.statusCode, created.body).toBe(201);
      const product = adminProductSchema.parse(created.json());
      const variantsOf = (p: typeof product) =>
        p.variants.map((v) => ({ colour: v.colour, size: v.size, sku: v.sku, stock: v.stock }));
      const expected = variantsOf(product);
      expect(expected.map((v) => v.stock)).toEqual([1, 2, 3, 4, 5, 6]);

      for (const format of ['json', 'csv'] as const) {
        const exported = await asManager('GET', `/api/admin/catalog/export?format=${format}`);
        expect(exported.statusCode).toBe(200);
        for (const v of expected) expect(exported.body).toContain(v.sku);
        for (const c of colours) expect(exported.body).toContain(c.translations.ar.name);
        // The import replaces each product's variants with the file's: every one must be there.
        const res = await importFile(`catalog.${format}`, exported.body);
        expect(res.statusCode, res.body).toBe(200);
        const after = adminProductSchema.parse(
          (await asManager('GET', `/api/admin/products/${product.id}`)).json(),
        );
        expect(variantsOf(after), format).toEqual(expected);
        expect(after.colours).toEqual(colours);
      }
    });

    it('neutralises formulas in the CSV export, and imports such names back unchanged', async () => {
      const risky = [
        { slug: 'formula-sum', name: '=SUM(A1)', description: '=HYPERLINK("http://x","y")' },
        { slug: 'formula-sale', name: '-50% sale', description: '+1 gift inside' },
        { slug: 'formula-at', name: '@home lamp', description: "'=written by hand" },
      ];
      const rows = risky.map((p) => ({ ...p, category: 'Lighting', price: 1500, stock: 2 }));
      const created = await importFile('risky.json', JSON.stringify(rows));
      expect(created.statusCode, created.body).toBe(200);

      const exported = await asManager('GET', '/api/admin/catalog/export?format=csv');
      expect(exported.statusCode).toBe(200);
      const { rows: cells } = parseCsv(exported.body);
      // No cell a spreadsheet would run as a formula.
      expect(cells.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
      expect(exported.body).toContain("'=SUM(A1)");
      expect(exported.body).toContain("'-50% sale");
      expect(exported.body).toContain("'@home lamp");

      const res = await importFile('catalog.csv', exported.body);
      expect(res.statusCode, res.body).toBe(200);
      const json = await asManager('GET', '/api/admin/catalog/export?format=json');
      const back = json
        .json<{ slug: string; name: string; description: string }[]>()
        .filter((p) => p.slug.startsWith('formula-'));
      expect(back.map(({ slug, name, description }) => ({ slug, name, description }))).toEqual(
        risky,
      );
      expect((await asManager('GET', '/api/admin/catalog/export?format=csv')).body).toBe(
        exported.body,
      );
    });

    it('writes nothing when a row is wrong, and names the row and field', async () => {
      const csv = [
        'name,description,category,price,stock',
        'Brand New Lamp,A lamp.,Lighting,1999,3',
        'Broken Row,Costs nothing sensible.,Lighting,12.50,1',
      ].join('\n');
      const res = await importFile('lamps.csv', csv);
      expect(res.statusCode).toBe(400);
      const error = apiError(res);
      expect(error.code).toBe('invalid_request');
      expect(Object.keys(error.fields ?? {})).toEqual(['rows.2.price']);
      expect(error.fields?.['rows.2.price']).toMatch(/^line 3: /);
      expect((await listProducts('q=brand-new-lamp')).total).toBe(0);

      const ok = await importFile('lamps.csv', csv.split('\n').slice(0, 2).join('\n'));
      expect(ok.json()).toEqual({ created: 1, updated: 0 });
      const [lamp] = (await listProducts('q=brand-new-lamp')).items;
      expect(lamp).toMatchObject({ name: 'Brand New Lamp', price: 1999, stock: 3 });
    });

    it('refuses a file that is not .csv or .json, and a bare request', async () => {
      const res = await importFile('catalog.xlsx', 'x');
      expect(res.statusCode).toBe(400);
      expect(apiError(res).fields).toHaveProperty('file');
      const bare = await asManager('POST', '/api/admin/catalog/import', { file: 'x' });
      expect(bare.statusCode).toBe(415);
      const empty = await importFile('empty.json', '[]');
      expect(empty.statusCode).toBe(400);
    });
  });
});
