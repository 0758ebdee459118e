import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@souq/contracts/errors';
import {
  SUGGESTION_LIMIT,
  flashSaleSchema,
  productListSchema,
  productSchema,
  suggestionListSchema,
} from '@souq/contracts/catalog';
import { createTestApp, testClock, testDialects, type TestApp } from '../../test/test-app';
import { CATALOG_CACHE_TTL_MS } from './short-lived-cache';
import { DEMO_FLASH_SALE_DAYS, readDemoActivity } from './demo-catalog.seed';

const flashSaleSlugs = Object.entries(readDemoActivity())
  .filter(([, activity]) => activity.flashSale)
  .map(([slug]) => slug);

describe.each(testDialects)('catalog search, suggestions and flash sale on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: clock.now });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const search = async (q: string, extra = '') =>
    productListSchema.parse(
      (await get(`/api/products?q=${encodeURIComponent(q)}&limit=100${extra}`)).json(),
    );
  const mentions = (text: string, word: string) => text.toLowerCase().includes(word);

  it.each(['wireless', 'leather', 'cotton'])(
    'ranks name matches above description-only matches for "%s"',
    async (word) => {
      const body = await search(word);
      const inName = body.items.map((p) => mentions(p.name, word));
      const firstDescriptionOnly = inName.indexOf(false);
      // both kinds exist in the demo catalog, names first
      expect(firstDescriptionOnly).toBeGreaterThan(0);
      expect(inName.slice(firstDescriptionOnly)).not.toContain(true);
      for (const p of body.items.slice(firstDescriptionOnly))
        expect(mentions(p.description, word)).toBe(true);
    },
  );

  it('matches word prefixes: "head" finds headphones, "wirel noise" the ANC pair', async () => {
    const head = await search('head');
    expect(head.items.some((p) => p.name === 'Studio Monitor Headphones')).toBe(true);
    const two = await search('wirel noise');
    expect(two.items[0]?.name).toBe('Wireless Noise-Cancelling Headphones');
  });

  it('tolerates one typo: a letter missing, added or wrong still finds headphones first', async () => {
    for (const q of ['hedphones', 'heaadphones', 'Headphomes', 'wireles']) {
      const body = await search(q);
      expect(body.total, q).toBeGreaterThan(0);
      expect(mentions(body.items[0]!.name, q === 'wireles' ? 'wireless' : 'headphones'), q).toBe(
        true,
      );
    }
    expect((await search('zzzzqqqq')).total).toBe(0);
  });

  it('applies category and price filters and other sorts to search results', async () => {
    const body = await search('headphones', '&category=headphones&maxPrice=10000&sort=price_asc');
    expect(body.total).toBeGreaterThan(0);
    const prices = body.items.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const p of body.items) {
      expect(p.category.slug).toBe('headphones');
      expect(p.price).toBeLessThanOrEqual(10000);
    }
  });

  // "a" prefixes many terms (matches scored one by one); "headphones" is one term, answered
  // from its postings as laid out best first; a category or price filter reads them in order.
  // "and" is in most products: under another sort its page is read along that sort's order.
  // Several words of one term each walk the rarest word's postings (a typo corrected first).
  it.each([
    ['a', ''],
    ['headphones', ''],
    ['headphones', '&category=headphones'],
    ['wireless', '&maxPrice=50000'],
    ['and', ''],
    ['and with', ''],
    ['battery with', '&maxPrice=50000'],
    ['with batery', ''],
  ])(
    'pages through a search for "%s"%s in order, and a page past the last one is empty with the same total',
    async (q, filter) => {
      const page = async (sort: string, limit: number, number: number) =>
        productListSchema.parse(
          (
            await get(`/api/products?q=${q}${filter}&sort=${sort}&limit=${limit}&page=${number}`)
          ).json(),
        );
      for (const sort of ['relevance', 'price_desc']) {
        const all = await page(sort, 100, 1);
        expect(all.total).toBeGreaterThan(5);
        expect(all.items).toHaveLength(Math.min(all.total, 100));
        const [first, second] = [await page(sort, 5, 1), await page(sort, 5, 2)];
        expect([...first.items, ...second.items].map((p) => p.id)).toEqual(
          all.items.slice(0, 10).map((p) => p.id),
        );
        if (sort === 'price_desc') {
          const prices = all.items.map((p) => p.price);
          expect(prices).toEqual([...prices].sort((a, b) => b - a));
          // The same matches as by relevance, every one of them.
          const matched = new Set<number>();
          for (let number = 1; matched.size < all.total; number++)
            for (const p of (await page('relevance', 100, number)).items) matched.add(p.id);
          expect(matched.size).toBe(all.total);
          for (const p of all.items) expect(matched.has(p.id), p.name).toBe(true);
        }
        const far = await page(sort, 100, 100_000);
        expect(far.items).toEqual([]);
        expect(far.total).toBe(all.total);
      }
    },
  );

  it('orders by best selling when sort=relevance comes without text', async () => {
    const relevance = productListSchema.parse(
      (await get('/api/products?sort=relevance&limit=10')).json(),
    );
    const bestSelling = productListSchema.parse(
      (await get('/api/products?sort=best_selling&limit=10')).json(),
    );
    expect(relevance.items.map((p) => p.id)).toEqual(bestSelling.items.map((p) => p.id));
  });

  /** Only the translation row changes: the index follows edits of the translations table too. */
  async function setArabicName(productId: number, name: string, description = 'وصف.') {
    await t.db.kysely
      .insertInto('product_translations')
      .values({ product_id: productId, language: 'ar', name, description })
      .onConflict((oc) => oc.columns(['product_id', 'language']).doUpdateSet({ name, description }))
      .execute();
  }

  it('keeps the index in step with edits, Arabic names included', async () => {
    const product = productSchema.parse(
      (await get('/api/products/retro-wired-on-ear-headphones')).json(),
    );
    await t.db.kysely
      .updateTable('products')
      .set({ name: 'Retro Wired On-Ear Cans' })
      .where('id', '=', product.id)
      .execute();
    // an invented brand, so the demo catalog's own Arabic text cannot match it too
    await setArabicName(product.id, 'سماعات نوفاريز السلكية', 'صوت دافئ وتصميم كلاسيكي.');
    const arabic = await search('نوفاريز');
    expect(arabic.items.map((p) => p.id)).toEqual([product.id]);
    expect(arabic.items[0]!.translations.ar?.name).toBe('سماعات نوفاريز السلكية');
    expect((await search('نوفا')).items.map((p) => p.id)).toEqual([product.id]);
    expect((await search('cans')).items.map((p) => p.id)).toContain(product.id);
    expect((await search('Retro Wired')).items.every((p) => p.name !== product.name)).toBe(true);
    // The product's page, read before the edit, may be reused for a few seconds; not longer.
    clock.advance(CATALOG_CACHE_TTL_MS + 1);
    const edited = productSchema.parse(
      (await get('/api/products/retro-wired-on-ear-headphones')).json(),
    );
    expect(edited.name).toBe('Retro Wired On-Ear Cans');
  });

  it('finds Arabic with or without harakat, tatweel and letter variants, both ways', async () => {
    const [vowelled, plain] = await t.db.kysely
      .selectFrom('products')
      .select('id')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    // Invented words, so the demo catalog's own Arabic text cannot match them too.
    await setArabicName(vowelled!.id, 'قِنْدِيلُ إِسْطَرْلَابَةِ زَرْقَلَى');
    await setArabicName(plain!.id, 'فانـوس اسطولانه برقلي');
    const ids = async (q: string) => (await search(q)).items.map((p) => p.id);
    // Written plainly, found in the vowelled name (إ → ا, ة → ه, ى → ي, harakat dropped).
    for (const q of ['اسطرلابه', 'اسطرلابة', 'إسطرلابة', 'زرقلي', 'زرقلى', 'قنديل اسطرلا'])
      expect(await ids(q), q).toEqual([vowelled!.id]);
    // Written with harakat, hamza forms, ة, ى or tatweel, found in the plain name.
    for (const q of ['أُسْطُولَانَة', 'آسطولانة', 'بَرْقَلَى', 'فَانُوس أسطولانة', 'فانوس', 'فـانـوس'])
      expect(await ids(q), q).toEqual([plain!.id]);
  });

  it('finds Latin words with or without their accents, both ways', async () => {
    const [accented, plain] = await t.db.kysely
      .selectFrom('products')
      .select('id')
      .orderBy('id')
      .limit(2)
      .execute();
    // Invented words, so the demo catalog's own text cannot match them too.
    await t.db.kysely
      .updateTable('products')
      .set({ name: 'Crème Brûlée Zorvélique' })
      .where('id', '=', accented!.id)
      .execute();
    await t.db.kysely
      .updateTable('products')
      .set({ name: 'Plain Quendaris Lamp' })
      .where('id', '=', plain!.id)
      .execute();
    const ids = async (q: string) => (await search(q)).items.map((p) => p.id);
    for (const q of ['zorvelique', 'Zorvélique', 'ZORVÉL', 'brulee zorv'])
      expect(await ids(q), q).toEqual([accented!.id]);
    for (const q of ['quendaris', 'Quéndaris', 'quëndar'])
      expect(await ids(q), q).toEqual([plain!.id]);
  });

  it('answers 200 to any mix of syntax characters, letters, emoji and Arabic', async () => {
    // prettier-ignore
    const pool = ['&', '#', '%', "'", '"', '<', '>', '\\', '*', ':', '^', '(', ')', '-', '+', '!',
      '|', '~', '{', '}', '[', ']', 'NEAR', 'OR', 'AND', 'not', ' ', 'a', 'h', 'é', '🎧', 'سم',
      '\u0301', '\t'];
    let state = 7;
    const nextIndex = () => (state = (state * 1103515245 + 12345) % 2 ** 31) % pool.length;
    for (let i = 0; i < 150; i++) {
      const q = Array.from({ length: 1 + (i % 12) }, () => pool[nextIndex()]).join('');
      for (const url of [
        `/api/products?q=${encodeURIComponent(q)}`,
        `/api/search/suggestions?q=${encodeURIComponent(q)}`,
      ]) {
        const res = await get(url);
        expect([200, 400], url).toContain(res.statusCode);
        if (res.statusCode === 400) expect(q.trim()).toBe('');
      }
    }
  });

  it('suggests up to the limit for the search box, best match first', async () => {
    const res = await get('/api/search/suggestions?q=head');
    expect(res.statusCode).toBe(200);
    const body = suggestionListSchema.parse(res.json());
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.length).toBeLessThanOrEqual(SUGGESTION_LIMIT);
    expect(mentions(body.items[0]!.name, 'head')).toBe(true);
    expect(body.items[0]!.image).toMatch(/^\/images\/products\/.+\.svg$/);
    // The Arabic name comes along, so the box can show names in the shopper's language.
    const product = productSchema.parse((await get(`/api/products/${body.items[0]!.id}`)).json());
    expect(product.translations.ar?.name).toBeTruthy();
    expect(body.items[0]!.translations.ar?.name).toBe(product.translations.ar?.name);
    const many = suggestionListSchema.parse((await get('/api/search/suggestions?q=e')).json());
    expect(many.items).toHaveLength(SUGGESTION_LIMIT);
    const typo = suggestionListSchema.parse(
      (await get('/api/search/suggestions?q=hedphones')).json(),
    );
    expect(mentions(typo.items[0]!.name, 'headphones')).toBe(true);
    for (const q of ['&', '🎧', '"', "'"]) {
      const symbols = await get(`/api/search/suggestions?q=${encodeURIComponent(q)}`);
      expect(symbols.statusCode, q).toBe(200);
      expect(suggestionListSchema.parse(symbols.json()).items, q).toEqual([]);
    }
  });

  it.each([
    ['', 'q'],
    ['q=', 'q'],
    ['q=%20%20', 'q'],
    [`q=${'a'.repeat(201)}`, 'q'],
  ])('refuses suggestions for "%s" with a 400', async (query, field) => {
    const res = await get(`/api/search/suggestions?${query}`);
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.error.code).toBe('invalid_request');
    expect(Object.keys(body.error.fields ?? {})).toContain(field);
  });

  it('serves the running flash sale with its products and the server clock', async () => {
    const before = Date.now();
    const res = await get('/api/flash-sale');
    expect(res.statusCode).toBe(200);
    const body = flashSaleSchema.parse(res.json());
    const serverTime = Date.parse(body.serverTime);
    expect(serverTime).toBeGreaterThanOrEqual(before - 1000);
    expect(serverTime).toBeLessThanOrEqual(Date.now() + 1000);
    const sale = body.sale!;
    const endsIn = Date.parse(sale.endsAt) - serverTime;
    expect(endsIn).toBeGreaterThan((DEMO_FLASH_SALE_DAYS - 1) * 86_400_000);
    expect(endsIn).toBeLessThanOrEqual(DEMO_FLASH_SALE_DAYS * 86_400_000);
    expect(sale.items.map((p) => p.slug).sort()).toEqual([...flashSaleSlugs].sort());
    for (const p of sale.items) expect(p.flashSale?.endsAt).toBe(sale.endsAt);
    expect(res.headers['cache-control']).toBe('no-cache');

    const member = productSchema.parse((await get(`/api/products/${sale.items[0]!.id}`)).json());
    expect(member.flashSale?.endsAt).toBe(sale.endsAt);
  });

  it('gives colours, sizes and translations their real values', async () => {
    const dress = productSchema.parse((await get('/api/products/linen-wrap-midi-dress')).json());
    expect(dress.colours.map((c) => c.hex)).toEqual(['#c8a27a', '#2f3e46', '#e9e4dc']);
    for (const colour of dress.colours) expect(colour.name.length).toBeGreaterThan(2);
    expect(dress.sizes).toEqual(['XS', 'S', 'M', 'L', 'XL']);
    expect(dress.flashSale).toBeNull();
    const phone = productSchema.parse(
      (await get('/api/products/wireless-noise-cancelling-headphones')).json(),
    );
    expect(phone.sizes).toEqual([]);
  });

  it('answers a repeated catalog read with 304 when the ETag still matches', async () => {
    for (const url of ['/api/products?limit=5', '/api/categories', '/api/products/1']) {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toContain('max-age');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/".+"$/);
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
      const changed = await get(url, { 'if-none-match': 'W/"something-else"' });
      expect(changed.statusCode).toBe(200);
    }
  });

  it('drops an ended sale from the flash-sale answer and from its products', async () => {
    await t.db.kysely
      .updateTable('flash_sales')
      .set({ ends_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    // The sale's products were read earlier: their pages may be reused for a few seconds.
    clock.advance(CATALOG_CACHE_TTL_MS + 1);
    const body = flashSaleSchema.parse((await get('/api/flash-sale')).json());
    expect(body.sale).toBeNull();
    const slug = flashSaleSlugs[0]!;
    expect(productSchema.parse((await get(`/api/products/${slug}`)).json()).flashSale).toBeNull();
  });
});
