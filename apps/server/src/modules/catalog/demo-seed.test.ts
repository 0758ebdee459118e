import { afterEach, describe, expect, it } from 'vitest';
import { demoProducts } from '../../db/demo-catalog';
import { demoColourNames } from '../../db/demo-catalog-ar';
import { DEMO_FLASH_SALE_DAYS, seedDemoCatalogIfEmpty } from '../../db/seed';
import { createTestDb, testDialects, type TestDb } from '../../test/test-app';
import { createCatalogRepository } from './catalog.repository';

/** The demo catalog as the catalog module reads it back after seeding. */
describe.each(testDialects)('demo catalog seed on %s', (dialect) => {
  let t: TestDb | undefined;
  afterEach(async () => {
    await t?.cleanup();
    t = undefined;
  });

  it('seeds the Arabic text and colour names it is given', async () => {
    t = await createTestDb(dialect);
    const now = new Date('2026-11-21T10:00:00.000Z');
    const seeded = await seedDemoCatalogIfEmpty(t.db, {
      now,
      text: {
        productsAr: {
          'linen-wrap-midi-dress': { name: 'فستان ملفوف من الكتان', description: 'كتان مغسول.' },
        },
        categoriesAr: { 'womens-fashion': 'أزياء نسائية' },
        colourNames: demoColourNames,
      },
    });
    expect(seeded).toBe(true);
    expect(await seedDemoCatalogIfEmpty(t.db)).toBe(false);

    const catalog = createCatalogRepository(t.db, () => now);
    const dress = await catalog.findProduct('linen-wrap-midi-dress');
    expect(dress?.translations).toEqual({
      ar: { name: 'فستان ملفوف من الكتان', description: 'كتان مغسول.' },
    });
    expect(dress?.category.translations).toEqual({ ar: { name: 'أزياء نسائية' } });
    const firstColour = dress?.colours[0];
    const named = demoColourNames[firstColour?.hex.toLowerCase() ?? ''];
    expect(firstColour).toEqual({
      name: named?.name,
      hex: firstColour?.hex,
      translations: { ar: { name: named?.nameAr } },
    });
    const other = await catalog.findProduct('studio-monitor-headphones');
    expect(other?.translations).toEqual({});

    const sale = await catalog.currentFlashSale();
    expect(sale?.endsAt).toBe(
      new Date(now.getTime() + DEMO_FLASH_SALE_DAYS * 86_400_000).toISOString(),
    );
    expect(sale?.items).toHaveLength(demoProducts.filter((p) => p.flashSale).length);
  });

  it('refuses to seed a colour it has no name for', async () => {
    t = await createTestDb(dialect);
    await expect(
      seedDemoCatalogIfEmpty(t.db, { text: { productsAr: {}, categoriesAr: {}, colourNames: {} } }),
    ).rejects.toThrow(/no name for the colour/);
    expect(await createCatalogRepository(t.db).listCategories()).toEqual([]);
  });
});
