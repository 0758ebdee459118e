import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryListSchema, facetsSchema, type Facets } from '@souq/contracts/catalog';
import { readinessSchema } from '@souq/contracts/health';
import type { TestApp } from '../../test/test-app';
import { testDialects } from '../../test/test-app';
import { listOn, productOn, readyOf, twoServers } from '../../test/two-app-servers';
import { importCatalogRows, parseCatalogFile } from './catalog-import';
import { CHANGE_LOG_KEPT_MS, SALES_REFRESH_MS } from './catalog-index';

/**
 * How long a test waits for an edit to show on the other server before it fails. The target, a
 * second, is the bench's to show (`npm run bench`, decision 002): on a loaded machine a test
 * waits for what the shop shows, not for a time.
 */
const GIVE_UP_AFTER_MS = 15_000;
/** Past the one second a response is kept: every poll reads the index afresh. */
const PAST_RESPONSE_CACHE_MS = 1_001;

async function indexStats(t: TestApp) {
  const response = await t.app.inject('/api/health/ready');
  expect(response.statusCode).toBe(200);
  return readinessSchema.parse(response.json()).catalogIndex;
}

async function facetsOn(t: TestApp, query: string): Promise<Facets> {
  const response = await t.app.inject(`/api/facets${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return facetsSchema.parse(response.json());
}

/** A deterministic sequence of numbers in [0, 1) (mulberry32), so a failure can be replayed. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe.each(testDialects)('catalog edits applied in place on %s', (dialect) => {
  let s: Awaited<ReturnType<typeof twoServers>>;
  let categories: { id: number; slug: string; name: string }[];
  beforeAll(async () => {
    s = await twoServers(dialect);
    await readyOf(s.one);
    await readyOf(s.two);
    categories = await s.one.db.kysely
      .selectFrom('categories')
      .select(['id', 'slug', 'name'])
      .orderBy('id')
      .execute();
  }, 60_000);
  afterAll(() => s.close());

  /** Reads `read` on the reading server until `check` passes (the edit has reached it). */
  async function visibleOnTheOther<T>(read: () => Promise<T>, check: (value: T) => void) {
    const committed = Date.now();
    for (;;) {
      s.clock.advance(PAST_RESPONSE_CACHE_MS);
      const value = await read();
      try {
        check(value);
        return;
      } catch (error) {
        if (Date.now() - committed > GIVE_UP_AFTER_MS) throw error;
      }
      await sleep(20);
    }
  }

  const firstProduct = async (skip = 0) =>
    s.one.db.kysely
      .selectFrom('products')
      .select(['id', 'category_id as categoryId', 'price_cents as price'])
      .where('published', '=', 1)
      .where('archived_at', 'is', null)
      .orderBy('id')
      .offset(skip)
      .limit(1)
      .executeTakeFirstOrThrow();

  const rename = (id: number, name: string) =>
    s.one.db.kysely.updateTable('products').set({ name }).where('id', '=', id).execute();

  it('a rename on one server is found by its new name on the other, and not by its old one', async () => {
    const { id } = await firstProduct();
    const ids = async (q: string) =>
      (await listOn(s.two, `/api/products?q=${q}&limit=48`)).items.map((p) => p.id);
    await rename(id, 'Quokkalite Reading Lamp');
    await visibleOnTheOther(
      () => ids('quokkalite'),
      (found) => expect(found).toEqual([id]),
    );
    await rename(id, 'Zephyrine Reading Lamp');
    await visibleOnTheOther(
      () => Promise.all([ids('zephyrine'), ids('quokkalite')]),
      ([renamed, old]) => {
        expect(renamed).toEqual([id]);
        expect(old).toEqual([]);
      },
    );
    expect((await productOn(s.two, id))?.name).toBe('Zephyrine Reading Lamp');
  });

  it('a price change moves the product in the price orders and bands', async () => {
    const { id } = await firstProduct(1);
    await s.one.db.kysely
      .updateTable('products')
      .set({ price_cents: 1 })
      .where('id', '=', id)
      .execute();
    await visibleOnTheOther(
      () =>
        Promise.all([
          listOn(s.two, '/api/products?sort=price_asc&limit=1'),
          listOn(s.two, '/api/products?sort=price_desc&maxPrice=1'),
        ]),
      ([cheapest, band]) => {
        expect(cheapest.items[0]?.id).toBe(id);
        expect(cheapest.items[0]?.price).toBe(1);
        expect(band.items.map((p) => p.id)).toEqual([id]);
        expect(band.total).toBe(1);
      },
    );
    await s.one.db.kysely
      .updateTable('products')
      .set({ price_cents: 9_999_999 })
      .where('id', '=', id)
      .execute();
    await visibleOnTheOther(
      () =>
        Promise.all([
          listOn(s.two, '/api/products?sort=price_desc&limit=1'),
          listOn(s.two, '/api/products?sort=price_asc&maxPrice=1'),
        ]),
      ([dearest, band]) => {
        expect(dearest.items[0]?.id).toBe(id);
        expect(band.total).toBe(0);
      },
    );
  });

  it('a hidden or deleted product leaves lists, searches and facet counts', async () => {
    const hidden = await firstProduct(2);
    const deleted = await firstProduct(3);
    await rename(hidden.id, 'Vanishing Xylograph One');
    await rename(deleted.id, 'Vanishing Xylograph Two');
    const search = () => listOn(s.two, '/api/products?q=xylograph&limit=48');
    await visibleOnTheOther(search, (found) => expect(found.total).toBe(2));
    const all = await listOn(s.two, '/api/products?limit=1');
    const facets = await facetsOn(s.two, '');
    await s.one.db.kysely
      .updateTable('products')
      .set({ published: 0 })
      .where('id', '=', hidden.id)
      .execute();
    // The back office deletes a product by archiving it: orders keep naming it.
    await s.one.db.kysely
      .updateTable('products')
      .set({ archived_at: new Date().toISOString() })
      .where('id', '=', deleted.id)
      .execute();
    await visibleOnTheOther(
      () =>
        Promise.all([
          search(),
          listOn(s.two, '/api/products?limit=1'),
          facetsOn(s.two, ''),
          facetsOn(s.two, '?q=xylograph'),
        ]),
      ([found, list, counts, searched]) => {
        expect(found.total).toBe(0);
        expect(list.total).toBe(all.total - 2);
        expect(counts.total).toBe(facets.total - 2);
        expect(searched.total).toBe(0);
      },
    );
    expect(await productOn(s.two, hidden.id)).toBeUndefined();
    expect(await productOn(s.two, deleted.id)).toBeUndefined();
  });

  it('a category move shows in both categories, their counts and the facet counts', async () => {
    const [from, to] = categories as [(typeof categories)[0], (typeof categories)[0]];
    const moved = await s.one.db.kysely
      .selectFrom('products')
      .select('id')
      .where('category_id', '=', from.id)
      .where('published', '=', 1)
      .where('archived_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const count = async (slug: string) =>
      (await listOn(s.two, `/api/products?category=${slug}&limit=48`)).total;
    s.clock.advance(PAST_RESPONSE_CACHE_MS);
    const [inFrom, inTo] = [await count(from.slug), await count(to.slug)];
    await s.one.db.kysely
      .updateTable('products')
      .set({ category_id: to.id })
      .where('id', '=', moved.id)
      .execute();
    await visibleOnTheOther(
      async () => ({
        from: await listOn(s.two, `/api/products?category=${from.slug}&limit=48`),
        to: await listOn(s.two, `/api/products?category=${to.slug}&sort=newest&limit=48`),
        facets: await facetsOn(s.two, ''),
        listed: categoryListSchema.parse((await s.two.app.inject('/api/categories')).json()),
      }),
      ({ from: fromList, to: toList, facets, listed }) => {
        expect(fromList.total).toBe(inFrom - 1);
        expect(fromList.items.map((p) => p.id)).not.toContain(moved.id);
        expect(toList.total).toBe(inTo + 1);
        expect(toList.items.map((p) => p.id)).toContain(moved.id);
        const facetCount = (slug: string) => facets.categories.find((c) => c.slug === slug)?.count;
        expect(facetCount(from.slug)).toBe(inFrom - 1);
        expect(facetCount(to.slug)).toBe(inTo + 1);
        const listedCount = (slug: string) =>
          listed.items.find((c) => c.slug === slug)?.productCount;
        expect(listedCount(from.slug)).toBe(inFrom - 1);
        expect(listedCount(to.slug)).toBe(inTo + 1);
      },
    );
    expect((await productOn(s.two, moved.id))?.category.slug).toBe(to.slug);
  });

  it('a colour edited in is listed in its category’s filter panel, and leaves with the product', async () => {
    const [from, to] = categories as [(typeof categories)[0], (typeof categories)[0]];
    const { id } = await s.one.db.kysely
      .selectFrom('products')
      .select('id')
      .where('category_id', '=', from.id)
      .where('published', '=', 1)
      .where('archived_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const teal = 'Quokka Teal';
    const listed = (facets: Facets) => facets.colours.find((c) => c.name === teal)?.count;
    const panels = () =>
      Promise.all([
        facetsOn(s.two, `?category=${from.slug}`),
        facetsOn(s.two, `?category=${to.slug}`),
        facetsOn(s.two, ''),
      ]);
    // Each panel read once before the edit, as shoppers would have.
    for (const facets of await panels()) expect(listed(facets)).toBeUndefined();
    await s.one.db.kysely
      .updateTable('products')
      .set({ colours: JSON.stringify([{ name: teal, hex: '#1f8a8a' }]) })
      .where('id', '=', id)
      .execute();
    await visibleOnTheOther(panels, ([inFrom, inTo, inAll]) => {
      expect(listed(inFrom)).toBe(1);
      expect(listed(inTo)).toBeUndefined();
      expect(listed(inAll)).toBe(1);
    });
    await s.one.db.kysely
      .updateTable('products')
      .set({ category_id: to.id })
      .where('id', '=', id)
      .execute();
    await visibleOnTheOther(panels, ([inFrom, inTo, inAll]) => {
      expect(listed(inFrom)).toBeUndefined();
      expect(listed(inTo)).toBe(1);
      expect(listed(inAll)).toBe(1);
    });
  });

  it('forgets change-log rows older than a day on the sales order’s round, keeping newer ones', async () => {
    const { id } = await firstProduct();
    const dayAndHourAgo = new Date(Date.now() - CHANGE_LOG_KEPT_MS - 3_600_000).toISOString();
    const log = () =>
      s.one.db.kysely.selectFrom('catalog_changes').select('id').orderBy('id').execute();
    await s.one.db.kysely
      .insertInto('catalog_changes')
      .values({ product_id: id, changed_at: dayAndHourAgo })
      .execute();
    const newest = (await log()).at(-1);
    await s.one.db.kysely.insertInto('catalog_changes').values({ product_id: id }).execute();
    const kept = (await log()).at(-1);

    s.clock.advance(SALES_REFRESH_MS + 1);
    for (let tries = 0; ; tries++) {
      await listOn(s.two, '/api/products?limit=1');
      const ids = (await log()).map((row) => row.id);
      if (!ids.includes(newest?.id ?? -1)) {
        expect(ids).toContain(kept?.id);
        break;
      }
      if (tries > 50) throw new Error('the old change-log row is still there');
      await sleep(20);
    }
  });

  it('applies a 2 000-row import in place: no full build of the index', async () => {
    const before = await indexStats(s.two);
    s.clock.advance(PAST_RESPONSE_CACHE_MS);
    const total = (await listOn(s.two, '/api/products?limit=1')).total;
    const rows = Array.from({ length: 2_000 }, (_, i) => ({
      name: `Imported Quillwort ${i + 1}`,
      description: 'A product of a large import.',
      category: categories[0]?.name ?? '',
      categorySlug: categories[0]?.slug,
      price: 1_000 + i,
      stock: 3,
      colours: [{ name: 'Quillwort Green', hex: '#4f7942' }],
    }));
    await importCatalogRows(s.one.db, parseCatalogFile('plants.json', JSON.stringify(rows)));
    await visibleOnTheOther(
      async () => ({
        list: await listOn(s.two, '/api/products?limit=1'),
        found: await listOn(s.two, '/api/products?q=quillwort&sort=price_asc&limit=1'),
        facets: await facetsOn(s.two, '?colour=Quillwort%20Green'),
      }),
      ({ list, found, facets }) => {
        expect(list.total).toBe(total + 2_000);
        expect(found.total).toBe(2_000);
        expect(found.items[0]?.stock).toBe(3);
        expect(found.items[0]?.price).toBe(1_000);
        expect(facets.total).toBe(2_000);
      },
    );
    const after = await indexStats(s.two);
    expect(after.fullBuilds).toBe(before.fullBuilds);
    expect(after.productsApplied).toBeGreaterThanOrEqual(before.productsApplied + 2_000);
  });

  it('after a random sequence of edits, answers as a freshly built index does', async () => {
    const random = seeded(29);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const words = ['amber', 'zephyr', 'quokka', 'lantern', 'kettle', 'linen', 'مصباح'];
    const ids = (
      await s.one.db.kysely.selectFrom('products').select('id').orderBy('id').execute()
    ).map((p) => p.id);
    const k = s.one.db.kysely;
    const edits: (() => Promise<unknown>)[] = [
      () => rename(pick(ids), `${pick(words)} ${pick(words)} ${Math.floor(random() * 100)}`),
      () =>
        k
          .updateTable('products')
          .set({ price_cents: 100 + Math.floor(random() * 50_000) })
          .where('id', '=', pick(ids))
          .execute(),
      () =>
        k
          .updateTable('products')
          .set({ category_id: pick(categories).id })
          .where('id', '=', pick(ids))
          .execute(),
      () =>
        k
          .updateTable('products')
          .set({ published: random() < 0.5 ? 0 : 1 })
          .where('id', '=', pick(ids))
          .execute(),
      () =>
        k
          .updateTable('products')
          .set({ archived_at: random() < 0.5 ? new Date().toISOString() : null })
          .where('id', '=', pick(ids))
          .execute(),
      () =>
        k
          .updateTable('products')
          .set({
            rating_average: Math.round(random() * 50) / 10,
            rating_count: Math.floor(random() * 40),
            compare_at_cents: random() < 0.5 ? null : 60_000,
          })
          .where('id', '=', pick(ids))
          .execute(),
      () =>
        k
          .insertInto('product_translations')
          .values({ product_id: pick(ids), language: 'ar', name: `${pick(words)} عربي` })
          .onConflict((oc) =>
            oc.columns(['product_id', 'language']).doUpdateSet({ name: `${pick(words)} محدث` }),
          )
          .execute(),
      // Many products in one statement: more than an apply moves one by one, so they are
      // taken out of every order and merged back in at once, some into another category.
      () =>
        k
          .updateTable('products')
          .set((eb) => ({
            price_cents: sql<number>`(${eb.ref('price_cents')} * 7 + ${eb.ref('id')}) % 50000 + 100`,
            category_id: pick(categories).id,
          }))
          .where(
            'id',
            'in',
            Array.from({ length: 80 }, () => pick(ids)),
          )
          .execute(),
      () =>
        importCatalogRows(
          s.one.db,
          parseCatalogFile(
            'few.json',
            JSON.stringify(
              Array.from({ length: 3 }, () => ({
                name: `${pick(words)} import ${Math.floor(random() * 20)}`,
                description: `${pick(words)} ${pick(words)}`,
                category: pick(categories).name,
                categorySlug: pick(categories).slug,
                price: 500 + Math.floor(random() * 10_000),
                stock: Math.floor(random() * 3),
                colours: [{ name: pick(['Teal', 'Saffron', 'Black']), hex: '#008080' }],
                sizes: random() < 0.5 ? [] : ['S', 'XL'],
              })),
            ),
          ),
        ),
    ];
    // Unique slugs within one file: a name may repeat across files (an update of that product).
    for (let step = 0; step < 60; step++) {
      try {
        await pick(edits)();
      } catch (error) {
        // Only the import may refuse a file (two rows of one name): nothing was written then.
        if (!(error instanceof Error && /import|slug|twice/i.test(error.message))) throw error;
      }
      // Now and then the reading server follows, so edits are applied a few at a time as well
      // as many at once.
      if (random() < 0.3) {
        s.clock.advance(PAST_RESPONSE_CACHE_MS);
        await listOn(s.two, '/api/products?limit=1');
      }
    }
    const last = pick(ids);
    await k
      .updateTable('products')
      .set({ published: 1, archived_at: null })
      .where('id', '=', last)
      .execute();
    await rename(last, 'Sentinel Yarrowbloom');
    await visibleOnTheOther(
      () => listOn(s.two, '/api/products?q=yarrowbloom'),
      (found) => expect(found.total).toBe(1),
    );
    expect((await indexStats(s.two)).fullBuilds).toBe(1);

    const fresh = await s.another();
    await readyOf(fresh);
    s.clock.advance(PAST_RESPONSE_CACHE_MS);
    const sorts = ['best_selling', 'price_asc', 'price_desc', 'newest', 'rating'];
    const urls = [
      ...sorts.flatMap((sort) => [
        `/api/products?sort=${sort}&limit=48`,
        `/api/products?sort=${sort}&limit=48&page=2`,
        `/api/products?sort=${sort}&minPrice=1000&maxPrice=20000&limit=48`,
        `/api/products?sort=${sort}&colour=Teal&limit=48`,
        `/api/products?sort=${sort}&minRating=3&onSale=true&limit=48`,
        ...categories.map((c) => `/api/products?sort=${sort}&category=${c.slug}&limit=48`),
      ]),
      ...words.map((w) => `/api/products?q=${encodeURIComponent(w)}&sort=price_asc&limit=48`),
      `/api/products?q=import&sort=newest&size=XL&limit=48`,
      '/api/categories',
    ];
    for (const url of urls) {
      const [inPlace, built] = await Promise.all(
        [s.two, fresh].map((t) => t.app.inject(url).then((r): unknown => r.json())),
      );
      expect(inPlace, url).toEqual(built);
    }
    // Relevance: the same matches (a term's rarity is as of the last build, so ties may differ).
    for (const w of words) {
      const url = `/api/products?q=${encodeURIComponent(w)}&limit=48`;
      const [inPlace, built] = await Promise.all(
        [s.two, fresh].map(async (t) => {
          const list = await listOn(t, url);
          return { total: list.total, ids: list.items.map((p) => p.id).sort((a, b) => a - b) };
        }),
      );
      expect(inPlace, url).toEqual(built);
    }
    // Facet values: the same counts (a value new since the build is listed last in place).
    const byName = (facets: Facets) => ({
      ...facets,
      colours: facets.colours.map((c) => [c.name, c.count]).sort(),
      sizes: facets.sizes.map((c) => [c.name, c.count]).sort(),
    });
    for (const query of [
      '',
      '?q=amber',
      `?category=${categories[1]?.slug}`,
      '?colour=Teal',
      '?inStock=true&size=XL',
      '?minPrice=2000&maxPrice=9000',
      `?category=${categories[1]?.slug}&maxPrice=6000`,
    ]) {
      const inPlace = await facetsOn(s.two, query);
      const built = await facetsOn(fresh, query);
      expect(byName(inPlace), query).toEqual(byName(built));
    }
  }, 60_000);
});
