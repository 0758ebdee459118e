import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryListSchema, productListSchema, productSchema } from '@souq/contracts/catalog';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { exportCatalog, exportedProducts } from './catalog-export';
import { generateCatalog } from './catalog-generate';
import {
  CatalogImportError,
  DEFAULT_PRODUCT_IMAGE,
  importCatalogRows,
  parseCatalogFile,
} from './catalog-import';
import { parseCsv } from '../../csv/csv';

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

  it("reads colours' names per language in colours_<code>, in the colours' order", () => {
    const [row] = parseCatalogFile(
      'catalog.csv',
      [
        'name,description,category,price,colours,colours_ar',
        'Shirt,Linen.,Wear,3999,Navy=#1f2a44|Sand=#c2b280,|رملي',
      ].join('\n'),
    );
    expect(row!.colours).toEqual([
      { name: 'Navy', hex: '#1f2a44' },
      { name: 'Sand', hex: '#c2b280', translations: { ar: { name: 'رملي' } } },
    ]);
    expect(() =>
      parseCatalogFile(
        'catalog.csv',
        'name,description,category,price,colours,colours_ar\nShirt,Linen.,Wear,1,Navy=#1f2a44,كحلي|رملي\n',
      ),
    ).toThrow(/colours_ar/);
  });

  it('reads variants as colour;size;sku;stock entries and colours with an Arabic name after the hex', () => {
    const [row] = parseCatalogFile(
      'catalog.csv',
      [
        'name,description,category,price,colours,sizes,variants',
        'Shirt,Linen.,Wear,3999,Navy=#1f2a44=كحلي,S|M,Navy;S;SH-NV-S;4|Navy;M;;0',
      ].join('\n'),
    );
    expect(row!.colours).toEqual([{ name: 'Navy', hex: '#1f2a44', nameAr: 'كحلي' }]);
    expect(row!.variants).toEqual([
      { colour: 'Navy', size: 'S', sku: 'SH-NV-S', stock: 4 },
      { colour: 'Navy', size: 'M', stock: 0 },
    ]);
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

  it("refuses stock past the product's limit and text with control characters", () => {
    const rows = JSON.stringify([
      {
        name: 'Shirt',
        description: 'Linen.',
        category: 'Wear',
        price: 3999,
        sizes: ['S', 'M'],
        variants: [
          { size: 'S', stock: 600_000_000 },
          { size: 'M', stock: 600_000_000 },
        ],
      },
      { name: 'Scarf\u202e', description: 'Silk.\nHand-rolled.', category: 'Wear', price: 1999 },
    ]);
    try {
      parseCatalogFile('catalog.json', rows);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CatalogImportError);
      const problems = (error as CatalogImportError).problems;
      expect(problems.map((p) => p.message.split(':')[0])).toEqual(['variants', 'name']);
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

describe('text in other languages', () => {
  const base = { description: 'Made by hand.', category: 'Pottery', price: 999 };
  const parse = (rows: object[]) => parseCatalogFile('c.json', JSON.stringify(rows));

  it('reads the generic per-language form as the Arabic fields, in JSON and CSV', () => {
    const [named] = parse([
      {
        ...base,
        name: 'Clay Pot',
        translations: { ar: { name: 'إناء فخاري', description: 'مصنوع يدويا.' } },
        categoryTranslations: { ar: 'فخار' },
        colours: [{ name: 'Red', hex: '#aa0000', translations: { ar: { name: 'أحمر' } } }],
      },
    ]);
    expect(named).toMatchObject({
      translations: { ar: { name: 'إناء فخاري', description: 'مصنوع يدويا.' } },
      categoryTranslations: { ar: 'فخار' },
    });
    const [fromCsv] = parseCatalogFile(
      'c.csv',
      'name,description,category,price,name_ar,description_ar,category_ar\r\n' +
        'Clay Pot,Made by hand.,Pottery,999,إناء فخاري,مصنوع يدويا.,فخار\r\n',
    );
    expect(fromCsv).toMatchObject({
      translations: { ar: { name: 'إناء فخاري', description: 'مصنوع يدويا.' } },
      categoryTranslations: { ar: 'فخار' },
    });
  });

  it("refuses the shop's own language, an unknown one, half a text and Arabic given twice", () => {
    const rows = [
      { translations: { en: { name: 'Pot', description: 'A pot.' } } },
      { translations: { xx: { name: 'Pot', description: 'A pot.' } } },
      { translations: { ar: { name: 'إناء' } } },
      {
        nameAr: 'إناء',
        descriptionAr: 'إناء.',
        translations: { ar: { name: 'إناء', description: 'إناء.' } },
      },
      { categoryAr: 'فخار', categoryTranslations: { ar: 'فخار' } },
    ];
    for (const extra of rows)
      expect(() => parse([{ ...base, name: 'Pot', ...extra }]), JSON.stringify(extra)).toThrow(
        CatalogImportError,
      );
    expect(() =>
      parseCatalogFile('c.csv', 'name,description,category,price,name_xx\r\nPot,A.,C,1,Pot\r\n'),
    ).toThrow(CatalogImportError);
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

  it('imports stock per variant, shares it out without variants, and writes each change to the ledger', async () => {
    const shirt = {
      slug: 'ledger-linen-shirt',
      name: 'Ledger Linen Shirt',
      description: 'Washed linen.',
      category: 'Garden',
      price: 3999,
      colours: [{ name: 'Navy', hex: '#1f2a44', nameAr: 'كحلي' }],
      sizes: ['S', 'M', 'L'],
    };
    const file = (rows: object[]) => parseCatalogFile('c.json', JSON.stringify(rows));
    await importCatalogRows(t.db, file([{ ...shirt, stock: 7 }]));
    const product = productSchema.parse((await get(`/api/products/${shirt.slug}`)).json());
    expect(product.variants.map((v) => [v.colour, v.size, v.stock])).toEqual([
      ['Navy', 'S', 3],
      ['Navy', 'M', 2],
      ['Navy', 'L', 2],
    ]);
    expect(product.stock).toBe(7);
    // Read from the database: the catalog's answers are reused for a few seconds.
    const read = async () => {
      const found = (await exportedProducts(t.db.kysely)).find((p) => p.slug === shirt.slug);
      return { stock: found?.stock, variants: found?.variants ?? [] };
    };

    // Named per variant, with SKUs; a size that went away is archived after its stock leaves.
    await importCatalogRows(
      t.db,
      file([
        {
          ...shirt,
          sizes: ['S', 'M'],
          variants: [
            { colour: 'Navy', size: 'S', sku: 'LLS-NV-S', stock: 0 },
            { colour: 'Navy', size: 'M', sku: 'LLS-NV-M', stock: 9 },
          ],
        },
      ]),
    );
    const after = await read();
    expect(after.variants.map((v) => [v.size, v.stock])).toEqual([
      ['S', 0],
      ['M', 9],
    ]);
    expect(after.stock).toBe(9);
    const ledger = await t.db.kysely
      .selectFrom('stock_movements')
      .innerJoin('product_variants', 'product_variants.id', 'stock_movements.variant_id')
      .select(['product_variants.size', 'stock_movements.change', 'stock_movements.reason'])
      .where('stock_movements.product_id', '=', product.id)
      .orderBy('stock_movements.id')
      .execute();
    expect(ledger.map((m) => [m.size, m.change, m.reason])).toEqual([
      ['S', 3, 'import'],
      ['M', 2, 'import'],
      ['L', 2, 'import'],
      ['L', -2, 'adjustment'],
      ['S', -3, 'import'],
      ['M', 7, 'import'],
    ]);

    // A file that does not name every combination, or names one twice, is refused whole.
    for (const variants of [
      [{ colour: 'Navy', size: 'S', stock: 1 }],
      [
        { colour: 'Navy', size: 'S', stock: 1 },
        { colour: 'Navy', size: 'S', stock: 2 },
      ],
      [
        { colour: 'Navy', size: 'S', stock: 1 },
        { colour: 'Sand', size: 'M', stock: 2 },
      ],
    ])
      expect(() => file([{ ...shirt, sizes: ['S', 'M'], variants }])).toThrow(CatalogImportError);
  });

  it('exports the catalog as CSV and JSON that import back unchanged', async () => {
    const movements = async () =>
      (
        await t.db.kysely
          .selectFrom('stock_movements')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    for (const format of ['json', 'csv'] as const) {
      const before = await exportedProducts(t.db.kysely);
      const ledger = await movements();
      const text = await exportCatalog(t.db.kysely, format);
      await importCatalogRows(t.db, parseCatalogFile(`catalog.${format}`, text));
      expect(await exportedProducts(t.db.kysely)).toEqual(before);
      // Nothing changed, so nothing moved.
      expect(await movements()).toBe(ledger);
    }
    const shirt = (await exportedProducts(t.db.kysely)).find(
      (p) => p.slug === 'ledger-linen-shirt',
    );
    expect(shirt?.variants).toEqual([
      { colour: 'Navy', size: 'S', sku: 'LLS-NV-S', stock: 0 },
      { colour: 'Navy', size: 'M', sku: 'LLS-NV-M', stock: 9 },
    ]);
    expect(shirt?.colours).toEqual([
      { name: 'Navy', hex: '#1f2a44', translations: { ar: { name: 'كحلي' } } },
    ]);
    // Every language but the default has its columns, derived from the list of languages.
    const [header] = (await exportCatalog(t.db.kysely, 'csv')).split('\r\n');
    expect(header).toContain('name_ar,description_ar,category_ar,colours_ar');
    expect(header?.split(',')).not.toContain('nameAr');
  }, 60_000);

  it('imports a CSV file from before per-language columns, its Arabic in nameAr and its kin', async () => {
    const file = [
      'slug,name,description,category,categoryAr,price,colours,sizes,nameAr,descriptionAr',
      'old-file-jug,Old File Jug,A jug.,Pottery,فخار,1299,Blue=#1f3a8a=أزرق,,إبريق,إبريق فخاري.',
    ].join('\r\n');
    await importCatalogRows(t.db, parseCatalogFile('old.csv', file));
    const jug = (await exportedProducts(t.db.kysely)).find((p) => p.slug === 'old-file-jug');
    expect(jug).toMatchObject({
      translations: { ar: { name: 'إبريق', description: 'إبريق فخاري.' } },
      categoryTranslations: { ar: 'فخار' },
      colours: [{ name: 'Blue', hex: '#1f3a8a', translations: { ar: { name: 'أزرق' } } }],
    });
  });

  it("reads each product's VAT class, keeps it when a file leaves it out, and refuses others", async () => {
    const file = (taxClass: string) =>
      [
        'slug,name,description,category,price,taxClass',
        `vat-class-bread,Bread,A loaf.,Bakery,350,${taxClass}`,
      ].join('\r\n');
    const bread = async () =>
      (await exportedProducts(t.db.kysely)).find((p) => p.slug === 'vat-class-bread');
    await importCatalogRows(t.db, parseCatalogFile('vat.csv', file('zero_rated')));
    expect((await bread())?.taxClass).toBe('zero_rated');
    await importCatalogRows(t.db, parseCatalogFile('vat.csv', file('')));
    expect((await bread())?.taxClass).toBe('zero_rated');
    await importCatalogRows(t.db, parseCatalogFile('vat.csv', file('exempt')));
    expect((await bread())?.taxClass).toBe('exempt');
    const [header] = (await exportCatalog(t.db.kysely, 'csv')).split('\r\n');
    expect(header?.split(',')).toContain('taxClass');

    const refused = (() => {
      try {
        parseCatalogFile('vat.csv', file('half'));
      } catch (e) {
        return e;
      }
    })();
    expect(refused).toBeInstanceOf(CatalogImportError);
    expect((refused as CatalogImportError).problems[0]!.message).toMatch(/^taxClass:/);
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

  it('exports the Arabic fields in the generic form, and a row without Arabic removes it', async () => {
    const row = {
      name: 'Ash Bowl',
      description: 'Turned ash.',
      category: 'Pottery',
      price: 1999,
    };
    await importCatalogRows(
      t.db,
      parseCatalogFile(
        'c.json',
        JSON.stringify([
          { ...row, translations: { ar: { name: 'وعاء دردار', description: 'خشب الدردار.' } } },
        ]),
      ),
    );
    const read = async () =>
      productSchema.parse((await get('/api/products/ash-bowl')).json()).translations;
    expect(await read()).toEqual({ ar: { name: 'وعاء دردار', description: 'خشب الدردار.' } });
    const exported = (await exportedProducts(t.db.kysely)).find((p) => p.slug === 'ash-bowl');
    expect(exported).toMatchObject({
      translations: { ar: { name: 'وعاء دردار', description: 'خشب الدردار.' } },
    });
    await importCatalogRows(t.db, parseCatalogFile('c.json', JSON.stringify([row])));
    expect(await read()).toEqual({});
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
