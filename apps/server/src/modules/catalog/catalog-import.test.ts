import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryListSchema, productListSchema, productSchema } from '@souq/contracts/catalog';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { generateCatalog } from './catalog-generate';
import {
  CatalogImportError,
  DEFAULT_PRODUCT_IMAGE,
  importCatalogRows,
  parseCatalogFile,
} from './catalog-import';
import { parseCsv } from './csv';

const goodJson = `[
  {
    "name": "Cedar Garden Bench",
    "description": "A two-seat bench in oiled cedar that weathers to silver.",
    "category": "Garden",
    "price": 18999,
    "compareAtPrice": 21999,
    "stock": 4,
    "colours": [{ "name": "Natural", "hex": "#c8a27a", "nameAr": "طبيعي" }],
    "nameAr": "مقعد حديقة نوردلاند",
    "descriptionAr": "مقعد لشخصين من خشب الأرز المزيت."
  },
  {
    "slug": "terracotta-planter-30",
    "name": "Terracotta Planter, 30 cm",
    "description": "Frost-proof terracotta with a drainage hole.",
    "category": "Garden",
    "price": 2499,
    "images": ["/images/products/default.svg"],
    "sizes": ["20 cm", "30 cm"]
  },
  {
    "name": "Studio Monitor Headphones",
    "slug": "studio-monitor-headphones",
    "description": "Now with a longer cable.",
    "category": "HeadPhones",
    "categorySlug": "headphones",
    "price": 11999
  }
]`;

const badJson = `[
  { "name": "Fine", "description": "A good row.", "category": "Garden", "price": 100 },
  {
    "name": "Decimal price",
    "description": "Prices are whole cents.",
    "category": "Garden",
    "price": 12.99
  },
  { "name": "No category", "description": "Missing one.", "price": 100 },
  { "name": "Fine", "description": "Same slug as line 2.", "category": "Garden", "price": 5 }
]`;

const csv = [
  'name,description,category,price,stock,colours,sizes,images',
  '"Bench, cedar","A ""two-seat"" bench,',
  'oiled and weathered.",Garden,18999,4,Natural=#c8a27a|Slate=#4f6d8a,,',
  'Planter,Terracotta.,Garden,2499,,,20 cm|30 cm,/images/products/default.svg',
  'Broken,No price here.,Garden,,1,,,',
  'Hose,Twenty metres.,Garden,12.50,1,,,',
].join('\r\n');

describe('CSV reading', () => {
  it('reads quoted commas, doubled quotes and line breaks, with each row starting line', () => {
    const { rows, lines } = parseCsv(csv);
    expect(rows[1]).toEqual([
      'Bench, cedar',
      'A "two-seat" bench,\r\noiled and weathered.',
      'Garden',
      '18999',
      '4',
      'Natural=#c8a27a|Slate=#4f6d8a',
      '',
      '',
    ]);
    expect(lines).toEqual([1, 2, 4, 5, 6]);
  });

  it('reports each bad CSV row with its line number', () => {
    const error = (() => {
      try {
        parseCatalogFile('catalog.csv', csv);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(CatalogImportError);
    const problems = (error as CatalogImportError).problems;
    expect(problems.map((p) => p.line)).toEqual([5, 6]);
    expect(problems[0]!.message).toMatch(/^price:/);
    expect(problems[1]!.message).toMatch(/^price:/);
  });

  it('accepts the good rows of the same file, quoting intact', () => {
    const rows = parseCatalogFile('catalog.csv', csv.split('\r\n').slice(0, 4).join('\n'));
    expect(rows.map((r) => r.name)).toEqual(['Bench, cedar', 'Planter']);
    expect(rows[0]!.colours).toEqual([
      { name: 'Natural', hex: '#c8a27a' },
      { name: 'Slate', hex: '#4f6d8a' },
    ]);
    expect(rows[1]!.sizes).toEqual(['20 cm', '30 cm']);
  });
});

describe('JSON reading', () => {
  it('reports every bad row with the line its object starts on', () => {
    try {
      parseCatalogFile('catalog.json', badJson);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CatalogImportError);
      const problems = (error as CatalogImportError).problems;
      expect(problems.map((p) => [p.line, p.message.split(':')[0]])).toEqual([
        [3, 'price'],
        [9, 'category'],
        [10, 'slug'],
      ]);
    }
  });

  it('refuses images outside the shop and files that are not a product array', () => {
    const outside = `[{"name":"A","description":"B","category":"C","price":1,"images":["/images/../../etc/passwd"]}]`;
    const missing = `[{"name":"A","description":"B","category":"C","price":1,"images":["/images/nope.png"]}]`;
    const remote = `[{"name":"A","description":"B","category":"C","price":1,"images":["https://x.test/a.png"]}]`;
    for (const text of [outside, missing, remote, '{"name":"A"}', '[', '[]'])
      expect(() => parseCatalogFile('c.json', text), text).toThrow(CatalogImportError);
  });

  it('refuses two Arabic names for one category', () => {
    const text = `[
  {"name":"A","description":"B","category":"Garden","categoryAr":"الحديقة","price":1},
  {"name":"C","description":"D","category":"Garden","price":1},
  {"name":"E","description":"F","category":"Garden","categoryAr":"حديقة","price":1}
]`;
    expect(() => parseCatalogFile('c.json', text)).toThrow(
      'line 4: categoryAr: "garden" is named "الحديقة" on line 2',
    );
  });
});

describe.each(testDialects)('catalog import and generation on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('imports a JSON catalog: new categories, defaults, translations, updates by slug', async () => {
    const result = await importCatalogRows(t.db, parseCatalogFile('c.json', goodJson));
    expect(result).toEqual({ products: 3, newCategories: 1 });
    const bench = productSchema.parse((await get('/api/products/cedar-garden-bench')).json());
    expect(bench.images).toEqual([DEFAULT_PRODUCT_IMAGE]);
    expect(bench.category).toMatchObject({ slug: 'garden', name: 'Garden' });
    expect(bench.colours).toEqual([
      { name: 'Natural', hex: '#c8a27a', translations: { ar: { name: 'طبيعي' } } },
    ]);
    expect(bench.translations.ar?.name).toBe('مقعد حديقة نوردلاند');
    expect(bench.compareAtPrice).toBe(21999);
    const updated = productSchema.parse(
      (await get('/api/products/studio-monitor-headphones')).json(),
    );
    expect(updated.description).toBe('Now with a longer cable.');
    expect(updated.price).toBe(11999);
    const categories = categoryListSchema.parse((await get('/api/categories')).json());
    expect(categories.items.at(-1)).toMatchObject({ slug: 'garden', productCount: 2 });
    const found = productListSchema.parse((await get('/api/products?q=cedar%20bench')).json());
    expect(found.items[0]?.slug).toBe('cedar-garden-bench');
    const arabic = productListSchema.parse(
      (await get(`/api/products?q=${encodeURIComponent('نوردلاند')}`)).json(),
    );
    expect(arabic.items.map((p) => p.slug)).toEqual(['cedar-garden-bench']);
  });

  it('generates a synthetic catalog that lists, filters and searches', async () => {
    const before = productListSchema.parse((await get('/api/products?limit=1')).json()).total;
    const started = performance.now();
    await generateCatalog(t.db, { count: 3000, seed: 7 });
    expect(performance.now() - started).toBeLessThan(20_000);
    const count = await t.db.kysely
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(before + 3000);
    const headphones = productListSchema.parse(
      (await get('/api/products?q=headphones&limit=5&category=headphones')).json(),
    );
    expect(headphones.items.length).toBe(5);
    const page = productListSchema.parse(
      (await get('/api/products?sort=price_desc&limit=50&page=3')).json(),
    );
    const prices = page.items.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it('names a category in Arabic, new or already in the shop', async () => {
    const row = (name: string, category: string, categoryAr: string) => ({
      name,
      description: 'Made by hand.',
      category,
      categoryAr,
      price: 999,
    });
    const file = (rows: object[]) => parseCatalogFile('c.json', JSON.stringify(rows));
    await importCatalogRows(t.db, file([row('Clay Pot', 'Pottery', 'فخار')]));
    await importCatalogRows(
      t.db,
      file([
        row('Glazed Pot', 'Pottery', 'الفخار'),
        { ...row('Wrap Dress', "Woman's Fashion", 'أزياء'), categorySlug: 'womens-fashion' },
      ]),
    );
    const categoryOf = async (slug: string) =>
      productSchema.parse((await get(`/api/products/${slug}`)).json()).category.translations;
    expect(await categoryOf('glazed-pot')).toEqual({ ar: { name: 'الفخار' } });
    expect(await categoryOf('wrap-dress')).toEqual({ ar: { name: 'أزياء' } });
  });
});

describe('the catalog scripts', () => {
  const run = promisify(execFile);
  const root = path.resolve(import.meta.dirname, '../../../../..');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-import-'));
  const databaseUrl = `sqlite:${path.join(dir, 'shop.db')}`;
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const script = (name: string, args: string[]) =>
    run('npx', ['tsx', `scripts/${name}.ts`, ...args, '--database-url', databaseUrl], {
      cwd: root,
    });

  it('imports a good file, and writes nothing when a row is bad', async () => {
    fs.writeFileSync(path.join(dir, 'good.json'), goodJson);
    fs.writeFileSync(path.join(dir, 'bad.json'), badJson);
    const good = await script('catalog-import', [path.join(dir, 'good.json')]);
    expect(good.stdout).toContain('imported 3 products (2 new categories)');
    const bad = await script('catalog-import', [path.join(dir, 'bad.json')]).then(
      () => ({ code: 0, stderr: '' }),
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('nothing imported');
    expect(bad.stderr).toContain('line 3: price');
    const generated = await script('catalog-generate', ['--count', '500']);
    expect(generated.stdout).toMatch(/generated 500 products in [\d.]+ s \(sqlite\)/);
    const { openDatabase } = await import('../../db/migrate');
    const db = await openDatabase(databaseUrl);
    const names = await db.kysely.selectFrom('products').select('name').execute();
    await db.close();
    expect(names).toHaveLength(503);
    expect(names.map((n) => n.name)).not.toContain('Decimal price');
  }, 60_000);
});
