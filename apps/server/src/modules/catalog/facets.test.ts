import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@souq/contracts/errors';
import { facetsSchema, productListSchema, type Product } from '@souq/contracts/catalog';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';

/*
 * The filters beyond category and price, and the filter panel's counts, checked against the
 * products themselves as the API sends them (every product read page by page, unfiltered).
 */
describe.each(testDialects)('faceted filters on %s', (dialect) => {
  let t: TestApp;
  let all: Product[];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    all = [];
    for (let page = 1; ; page++) {
      const body = productListSchema.parse(
        (await get(`/api/products?limit=100&page=${page}`)).json(),
      );
      all.push(...body.items);
      if (all.length >= body.total) break;
    }
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const list = async (query: string) =>
    productListSchema.parse((await get(`/api/products?limit=100&${query}`)).json());
  const facets = async (query: string) => {
    const res = await get(`/api/facets?${query}`);
    expect(res.statusCode).toBe(200);
    return facetsSchema.parse(res.json());
  };
  const ids = (products: Product[]) => products.map((p) => p.id).sort((a, b) => a - b);

  type Check = (p: Product) => boolean;
  const hasColour =
    (name: string): Check =>
    (p) =>
      p.colours.some((c) => c.name === name);
  const hasSize =
    (name: string): Check =>
    (p) =>
      p.sizes.includes(name);
  const inStock: Check = (p) => p.variants.some((v) => v.stock > 0);
  const onSale: Check = (p) => p.compareAtPrice !== null && p.compareAtPrice > p.price;
  const ratedAtLeast =
    (stars: number): Check =>
    (p) =>
      p.rating.average >= stars;
  const inCategory =
    (slug: string): Check =>
    (p) =>
      p.category.slug === slug;
  const matching = (...checks: Check[]) => all.filter((p) => checks.every((check) => check(p)));

  it('filters by colour, size, stock, sale and rating, each alone and together', async () => {
    const clothed = all.find((p) => p.colours.length > 1 && p.sizes.length > 1)!;
    const colour = clothed.colours[1]!.name;
    const size = clothed.sizes[0]!;
    const cases: [string, Check[]][] = [
      [`colour=${encodeURIComponent(colour)}`, [hasColour(colour)]],
      [`size=${encodeURIComponent(size)}`, [hasSize(size)]],
      ['inStock=true', [inStock]],
      ['onSale=true', [onSale]],
      ['minRating=4', [ratedAtLeast(4)]],
      [
        `category=${clothed.category.slug}&size=${size}&colour=${encodeURIComponent(colour)}&sort=price_desc`,
        [inCategory(clothed.category.slug), hasSize(size), hasColour(colour)],
      ],
      ['onSale=true&minRating=4&inStock=true&sort=newest', [onSale, ratedAtLeast(4), inStock]],
      [
        `size=${encodeURIComponent(size)}&minPrice=1000&maxPrice=8000&sort=rating`,
        [hasSize(size), (p) => p.price >= 1000 && p.price <= 8000],
      ],
      [
        `category=${clothed.category.slug}&inStock=true&maxPrice=6000`,
        [inCategory(clothed.category.slug), inStock, (p) => p.price <= 6000],
      ],
    ];
    for (const [query, checks] of cases) {
      const expected = matching(...checks);
      expect(expected.length, query).toBeGreaterThan(0);
      const body = await list(query);
      expect(body.total, query).toBe(expected.length);
      for (const product of body.items)
        expect(
          checks.every((check) => check(product)),
          `${query}: ${product.slug}`,
        ).toBe(true);
      if (expected.length <= 100) expect(ids(body.items), query).toEqual(ids(expected));
    }
    // Still in the order asked for.
    const sorted = await list(`category=${clothed.category.slug}&size=${size}&sort=price_desc`);
    const prices = sorted.items.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    // A filter off is the same as no filter.
    expect((await list('onSale=false')).total).toBe(all.length);
  });

  it('gives each page of a filtered list in the sort’s order, however few or many the filters leave', async () => {
    const clothed = all.find((p) => p.colours.length > 1 && p.sizes.length > 1)!;
    const colour = clothed.colours[0]!.name;
    const size = clothed.sizes[0]!;
    const slug = clothed.category.slug;
    const prices = all.map((p) => p.price).sort((a, b) => a - b);
    const median = prices[Math.floor(prices.length / 2)]!;
    const filters: [string, Check[]][] = [
      [`size=${encodeURIComponent(size)}`, [hasSize(size)]],
      [`colour=${encodeURIComponent(colour)}&inStock=true`, [hasColour(colour), inStock]],
      ['inStock=true', [inStock]],
      ['onSale=true&minRating=1', [onSale, ratedAtLeast(1)]],
    ];
    const scopes: [string, Check[]][] = [
      ['', []],
      [`&category=${slug}`, [inCategory(slug)]],
      // A narrow band and a wide one.
      [`&minPrice=${median}&maxPrice=${median}`, [(p) => p.price === median]],
      [`&maxPrice=${prices.at(-2)!}`, [(p) => p.price <= prices.at(-2)!]],
      [`&category=${slug}&minPrice=${median}`, [inCategory(slug), (p) => p.price >= median]],
    ];
    for (const sort of ['best_selling', 'price_asc', 'price_desc', 'newest', 'rating']) {
      const inOrder: Product[] = [];
      for (let page = 1; inOrder.length < all.length; page++)
        inOrder.push(...(await list(`sort=${sort}&page=${page}`)).items);
      for (const [filter, filterChecks] of filters)
        for (const [scope, scopeChecks] of scopes) {
          const checks = [...filterChecks, ...scopeChecks];
          const expected = inOrder.filter((p) => checks.every((check) => check(p)));
          for (const page of [1, 2, 4]) {
            const query = `${filter}${scope}&sort=${sort}&page=${page}&limit=3`;
            const body = productListSchema.parse((await get(`/api/products?${query}`)).json());
            expect(body.total, query).toBe(expected.length);
            expect(
              body.items.map((p) => p.id),
              query,
            ).toEqual(expected.slice((page - 1) * 3, page * 3).map((p) => p.id));
          }
        }
    }
  });

  it('pages through a filtered list without overlap', async () => {
    const expected = matching(inStock);
    const first = productListSchema.parse(
      (await get('/api/products?inStock=true&limit=5&page=1&sort=price_asc')).json(),
    );
    const second = productListSchema.parse(
      (await get('/api/products?inStock=true&limit=5&page=2&sort=price_asc')).json(),
    );
    expect(first.total).toBe(expected.length);
    const byPrice = [...expected].sort((a, b) => a.price - b.price || a.id - b.id);
    expect([...first.items, ...second.items].map((p) => p.id)).toEqual(
      byPrice.slice(0, 10).map((p) => p.id),
    );
  });

  it('counts each value with the other filters in force, listing zero-count values of the scope', async () => {
    const clothed = all.find((p) => p.colours.length > 1 && p.sizes.length > 1)!;
    const category = clothed.category.slug;
    const size = clothed.sizes[0]!;
    const body = await facets(`category=${category}&size=${encodeURIComponent(size)}`);
    expect(body.total).toBe(matching(inCategory(category), hasSize(size)).length);
    // Colours: counted within the category and the size.
    const coloursInCategory = new Set(
      matching(inCategory(category)).flatMap((p) => p.colours.map((c) => c.name)),
    );
    expect(new Set(body.colours.map((c) => c.name))).toEqual(coloursInCategory);
    for (const colour of body.colours)
      expect(colour.count, colour.name).toBe(
        matching(inCategory(category), hasSize(size), hasColour(colour.name)).length,
      );
    // Sizes: their own filter replaced, so another size counts as if chosen instead.
    for (const entry of body.sizes)
      expect(entry.count, entry.name).toBe(
        matching(inCategory(category), hasSize(entry.name)).length,
      );
    // Categories: the category replaced, the size kept.
    for (const entry of body.categories)
      expect(entry.count, entry.slug).toBe(matching(inCategory(entry.slug), hasSize(size)).length);
    expect(body.categories.some((c) => c.count === 0)).toBe(true);
    expect(body.inStock).toBe(matching(inCategory(category), hasSize(size), inStock).length);
    expect(body.onSale).toBe(matching(inCategory(category), hasSize(size), onSale).length);
    for (const rating of body.ratings)
      expect(rating.count).toBe(
        matching(inCategory(category), hasSize(size), ratedAtLeast(rating.atLeast)).length,
      );
  });

  it('counts a price band, alone and within a category, as every other filter is counted', async () => {
    const clothed = all.find((p) => p.colours.length > 1 && p.sizes.length > 1)!;
    const prices = all.map((p) => p.price).sort((a, b) => a - b);
    const low = prices[Math.floor(prices.length / 4)]!;
    const high = prices[Math.floor((prices.length * 3) / 4)]!;
    const bands: [string, Check][] = [
      [`minPrice=${low}&maxPrice=${high}`, (p) => p.price >= low && p.price <= high],
      [`minPrice=${clothed.price}`, (p) => p.price >= clothed.price],
      [`maxPrice=${clothed.price}`, (p) => p.price <= clothed.price],
      [`minPrice=${clothed.price}&maxPrice=${clothed.price}`, (p) => p.price === clothed.price],
    ];
    for (const [band, inBand] of bands) {
      for (const category of [undefined, clothed.category.slug]) {
        const query = category ? `${band}&category=${category}` : band;
        const scope = category ? [inCategory(category), inBand] : [inBand];
        const body = await facets(query);
        expect(body.total, query).toBe(matching(...scope).length);
        expect(body.total, query).toBe((await list(query)).total);
        // Categories: the category replaced, the band kept.
        for (const entry of body.categories)
          expect(entry.count, `${query}: ${entry.slug}`).toBe(
            matching(inCategory(entry.slug), inBand).length,
          );
        for (const colour of body.colours)
          expect(colour.count, `${query}: ${colour.name}`).toBe(
            matching(...scope, hasColour(colour.name)).length,
          );
        for (const entry of body.sizes)
          expect(entry.count, `${query}: ${entry.name}`).toBe(
            matching(...scope, hasSize(entry.name)).length,
          );
        expect(body.inStock, query).toBe(matching(...scope, inStock).length);
        expect(body.onSale, query).toBe(matching(...scope, onSale).length);
        for (const rating of body.ratings)
          expect(rating.count, `${query}: ${rating.atLeast}`).toBe(
            matching(...scope, ratedAtLeast(rating.atLeast)).length,
          );
      }
    }
  });

  it('counts a search’s matches, and filters them', async () => {
    const searched = await list('q=linen');
    expect(searched.total).toBeGreaterThan(0);
    const matched = searched.items;
    const body = await facets('q=linen');
    expect(body.total).toBe(searched.total);
    const colour = body.colours[0]!;
    expect(colour.count).toBe(matched.filter(hasColour(colour.name)).length);
    const filtered = await list(`q=linen&colour=${encodeURIComponent(colour.name)}`);
    expect(ids(filtered.items)).toEqual(ids(matched.filter(hasColour(colour.name))));
  });

  it('matches nothing for a colour or size the shop does not have', async () => {
    expect((await list('colour=Nowhere')).total).toBe(0);
    expect((await facets('size=XXXXL')).total).toBe(0);
  });

  it.each([
    'inStock=yes',
    'minRating=6',
    'minRating=0',
    'colour=',
    'size=%00',
    'minPrice=5000&maxPrice=100',
  ])('refuses %s with a 400 in the error shape', async (query) => {
    for (const path of ['/api/facets', '/api/products']) {
      const res = await get(`${path}?${query}`);
      expect(res.statusCode, path).toBe(400);
      expect(apiErrorSchema.safeParse(res.json()).success).toBe(true);
    }
  });
});
