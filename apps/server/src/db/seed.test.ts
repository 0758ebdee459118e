import { afterEach, describe, expect, it } from 'vitest';
import { createCatalogRepository } from '../modules/catalog/catalog.repository';
import { createTestDb, testDialects, type TestDb } from '../test/test-app';
import { nearestColourName } from './colour-names';
import { demoProducts } from './demo-catalog';
import { DEMO_FLASH_SALE_DAYS, seedDemoCatalogIfEmpty } from './seed';

describe.each(testDialects)('demo catalog seed on %s', (dialect) => {
  let t: TestDb | undefined;
  afterEach(async () => {
    await t?.cleanup();
    t = undefined;
  });

  it('takes Arabic text and colour names as input, and names other colours itself', async () => {
    t = await createTestDb(dialect);
    const now = new Date('2026-11-21T10:00:00.000Z');
    const seeded = await seedDemoCatalogIfEmpty(t.db, {
      now,
      text: {
        productsAr: {
          'linen-wrap-midi-dress': { name: 'فستان ملفوف من الكتان', description: 'كتان مغسول.' },
        },
        categoriesAr: { 'womens-fashion': 'أزياء نسائية' },
        colourNames: { '#c8a27a': { name: 'Camel', nameAr: 'جملي' } },
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
    expect(dress?.colours[0]).toEqual({
      name: 'Camel',
      hex: '#c8a27a',
      translations: { ar: { name: 'جملي' } },
    });
    expect(dress?.colours[1]).toEqual({
      name: nearestColourName('#2f3e46'),
      hex: '#2f3e46',
      translations: {},
    });
    const other = await catalog.findProduct('studio-monitor-headphones');
    expect(other?.translations).toEqual({});

    const sale = await catalog.currentFlashSale();
    expect(sale?.endsAt).toBe(
      new Date(now.getTime() + DEMO_FLASH_SALE_DAYS * 86_400_000).toISOString(),
    );
    expect(sale?.items).toHaveLength(demoProducts.filter((p) => p.flashSale).length);
  });
});

describe('colour names', () => {
  it('names a colour after the nearest everyday colour', () => {
    expect(nearestColourName('#000000')).toBe('Black');
    expect(nearestColourName('#ffffff')).toBe('White');
    expect(nearestColourName('#1f2a44')).toBe('Navy');
    expect(nearestColourName('#d0302a')).toBe('Red');
  });
});
