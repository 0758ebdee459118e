import fs from 'node:fs';
import { describe, it, expect } from 'vitest';
import { parseCatalogFile } from './catalog-import';
import { DEMO_CATALOG_FILE, readDemoActivity, readDemoCatalog } from './demo-catalog.seed';

const ARABIC_LETTER = /[\u0600-\u06FF]/;

const demoProducts = readDemoCatalog();
const demoColours = demoProducts.flatMap((product) => product.colours);
const categories = [...new Map(demoProducts.map((p) => [p.categorySlug, p])).values()];

function expectArabic(text: string | undefined, english: string): void {
  expect(text?.trim()).toBeTruthy();
  expect(text).toMatch(ARABIC_LETTER);
  expect(text).not.toBe(english);
}

describe('the demo catalog file', () => {
  it('passes the import check, every row of it', () => {
    const text = fs.readFileSync(DEMO_CATALOG_FILE, 'utf8');
    const rows = parseCatalogFile(DEMO_CATALOG_FILE, text);
    expect(rows).toHaveLength((JSON.parse(text) as unknown[]).length);
    expect(rows.length).toBeGreaterThan(100);
  });

  it('has the activity of exactly its products', () => {
    expect(Object.keys(readDemoActivity()).sort()).toEqual(demoProducts.map((p) => p.slug).sort());
  });
});

describe('Arabic demo categories', () => {
  it.each(categories)('gives $categorySlug an Arabic name', ({ category, categoryAr }) => {
    expectArabic(categoryAr, category);
  });
});

describe('Arabic demo products', () => {
  it.each(demoProducts)('gives $slug an Arabic name and description', (product) => {
    expectArabic(product.nameAr, product.name);
    expectArabic(product.descriptionAr, product.description);
  });
});

describe('demo colour names', () => {
  it.each(demoColours)('gives $hex an English and an Arabic name', ({ name, nameAr }) => {
    expect(name).toMatch(/^[A-Z][A-Za-z]*( [A-Z][A-Za-z]*)*$/);
    expectArabic(nameAr, name);
  });

  it('names each colour the same everywhere and never two colours alike, so shoppers can tell the swatches apart', () => {
    const byHex = new Map(demoColours.map((c) => [c.hex.toLowerCase(), `${c.name}|${c.nameAr}`]));
    for (const c of demoColours)
      expect(byHex.get(c.hex.toLowerCase())).toBe(`${c.name}|${c.nameAr}`);
    const names = [...byHex.values()];
    expect(new Set(names.map((n) => n.split('|')[0])).size).toBe(names.length);
    expect(new Set(names.map((n) => n.split('|')[1])).size).toBe(names.length);
  });
});
