import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb, testDialects, type TestDb } from '../../test/test-app';
import type { Db } from '../../db/connection';
import { importCatalogRows, parseCatalogFile } from './catalog-import';
import { createCatalogRepository } from './catalog.repository';
import {
  DEMO_CATALOG_FILE,
  DEMO_FLASH_SALE_DAYS,
  readDemoActivity,
  seedDemoCatalogIfEmpty,
} from './demo-catalog.seed';

const DAY_MS = 86_400_000;

/** What an import writes: categories and products without the shop's activity. */
async function importedShop(db: Db) {
  const categories = await db.kysely.selectFrom('categories').selectAll().orderBy('id').execute();
  const products = await db.kysely
    .selectFrom('products')
    .select([
      'id',
      'slug',
      'name',
      'description',
      'category_id',
      'price_cents',
      'compare_at_cents',
      'currency',
      'stock',
      'images',
      'colours',
      'sizes',
    ])
    .orderBy('id')
    .execute();
  const productTexts = await db.kysely
    .selectFrom('product_translations')
    .selectAll()
    .orderBy('product_id')
    .orderBy('language')
    .execute();
  const categoryNames = await db.kysely
    .selectFrom('category_translations')
    .selectAll()
    .orderBy('category_id')
    .orderBy('language')
    .execute();
  return { categories, products, productTexts, categoryNames };
}

/** The demo catalog as the catalog module reads it back after seeding. */
describe.each(testDialects)('demo catalog seed on %s', (dialect) => {
  let t: TestDb | undefined;
  afterEach(async () => {
    await t?.cleanup();
    t = undefined;
  });
  async function freshDb() {
    t = await createTestDb(dialect);
    return t.db;
  }

  it('writes what importing the demo catalog file writes', async () => {
    // One database at a time: a PostgreSQL test schema is migrated while no other exists.
    const seeded = await freshDb();
    expect(await seedDemoCatalogIfEmpty(seeded)).toBe(true);
    const shop = await importedShop(seeded);
    await t?.cleanup();

    const imported = await freshDb();
    const file = parseCatalogFile(DEMO_CATALOG_FILE, fs.readFileSync(DEMO_CATALOG_FILE, 'utf8'));
    await importCatalogRows(imported, file);
    expect(shop).toEqual(await importedShop(imported));
    expect(shop.products).toHaveLength(file.length);
    expect(shop.categoryNames.filter((c) => c.language === 'ar')).toHaveLength(
      shop.categories.length,
    );
    expect(shop.productTexts.filter((p) => p.language === 'ar')).toHaveLength(file.length);
  });

  it('adds the demo activity and the flash sale, into an empty shop only', async () => {
    const db = await freshDb();
    const now = new Date('2026-11-21T10:00:00.000Z');
    expect(await seedDemoCatalogIfEmpty(db, { now })).toBe(true);
    expect(await seedDemoCatalogIfEmpty(db)).toBe(false);

    const catalog = createCatalogRepository(db, () => now);
    const activity = readDemoActivity();
    for (const slug of ['linen-wrap-midi-dress', 'studio-monitor-headphones']) {
      const product = await catalog.findProduct(slug);
      const history = activity[slug]!;
      // The stars are the demo reviews', in both languages.
      const reviews = await db.kysely
        .selectFrom('product_reviews')
        .select(['rating', 'language', 'status'])
        .where('product_id', '=', product!.id)
        .execute();
      expect(reviews).toHaveLength(history.reviews);
      expect(new Set(reviews.map((r) => r.language))).toEqual(new Set(['en', 'ar']));
      expect(reviews.every((r) => r.status === 'published')).toBe(true);
      const average = reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length;
      expect(product?.rating).toEqual({
        average: Math.round(average * 10) / 10,
        count: history.reviews,
      });
      expect(product?.createdAt).toBe(
        new Date(now.getTime() - history.daysOld * DAY_MS).toISOString(),
      );
    }
    const dress = await catalog.findProduct('linen-wrap-midi-dress');
    expect(dress?.translations.ar?.name).toBe('فستان ميدي ملفوف من الكتان');
    expect(dress?.category.translations).toEqual({ ar: { name: 'الأزياء النسائية' } });
    expect(dress?.colours[0]).toEqual({
      name: 'Camel',
      hex: '#c8a27a',
      translations: { ar: { name: 'جملي' } },
    });

    const sale = await catalog.currentFlashSale();
    expect(sale?.endsAt).toBe(
      new Date(now.getTime() + DEMO_FLASH_SALE_DAYS * DAY_MS).toISOString(),
    );
    expect(sale?.items.map((p) => p.slug).sort()).toEqual(
      Object.keys(activity)
        .filter((slug) => activity[slug]?.flashSale)
        .sort(),
    );
    const sales = await db.kysely
      .selectFrom('products')
      .select(['slug', 'sales_count'])
      .orderBy('sales_count', 'desc')
      .executeTakeFirstOrThrow();
    expect(sales.sales_count).toBe(activity[sales.slug]?.sales);
  });
});
