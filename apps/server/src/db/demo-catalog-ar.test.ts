import { describe, it, expect } from 'vitest';
import { demoCategories, demoProducts } from './demo-catalog';
import { demoCategoryNamesAr, demoColourNames, demoProductsAr } from './demo-catalog-ar';

const ARABIC_LETTER = /[\u0600-\u06FF]/;

function sorted(values: Iterable<string>): string[] {
  return [...new Set(values)].sort();
}

const usedColours = sorted(
  demoProducts.flatMap((product) => product.colours ?? []).map((hex) => hex.toLowerCase()),
);

function expectArabic(text: string, english: string): void {
  expect(text.trim()).not.toBe('');
  expect(text).toMatch(ARABIC_LETTER);
  expect(text).not.toBe(english);
}

describe('Arabic demo categories', () => {
  it('names exactly the categories of the demo catalog', () => {
    expect(sorted(Object.keys(demoCategoryNamesAr))).toEqual(
      sorted(demoCategories.map((category) => category.slug)),
    );
  });

  it.each(demoCategories)('gives $slug an Arabic name', ({ slug, name }) => {
    expectArabic(demoCategoryNamesAr[slug] ?? '', name);
  });
});

describe('Arabic demo products', () => {
  it('covers exactly the products of the demo catalog', () => {
    expect(sorted(Object.keys(demoProductsAr))).toEqual(
      sorted(demoProducts.map((product) => product.slug)),
    );
  });

  it.each(demoProducts)('gives $slug an Arabic name and description', (product) => {
    const arabic = demoProductsAr[product.slug];
    expect(arabic).toBeDefined();
    expectArabic(arabic?.name ?? '', product.name);
    expectArabic(arabic?.description ?? '', product.description);
  });
});

describe('demo colour names', () => {
  it('names exactly the colours the demo products use, keyed by lower-case hex', () => {
    expect(sorted(Object.keys(demoColourNames))).toEqual(usedColours);
    for (const hex of Object.keys(demoColourNames)) expect(hex).toMatch(/^#[0-9a-f]{6}$/);
  });

  it.each(usedColours)('gives %s an English and an Arabic name', (hex) => {
    const colour = demoColourNames[hex];
    expect(colour).toBeDefined();
    const english = colour?.name ?? '';
    expect(english.trim()).not.toBe('');
    expect(english).toMatch(/^[A-Z][A-Za-z]*( [A-Z][A-Za-z]*)*$/);
    expectArabic(colour?.nameAr ?? '', english);
  });

  it('never gives two colours the same name, so shoppers can tell the swatches apart', () => {
    const colours = Object.values(demoColourNames);
    expect(new Set(colours.map((colour) => colour.name)).size).toBe(colours.length);
    expect(new Set(colours.map((colour) => colour.nameAr)).size).toBe(colours.length);
  });
});
