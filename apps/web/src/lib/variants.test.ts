import { describe, expect, it } from 'vitest';
import type { Product } from '@souq/contracts/catalog';
import {
  findVariant,
  firstColourInStock,
  isColourSoldOut,
  nameWithVariant,
  onlyVariant,
  sizeAvailability,
  toLineVariant,
} from './variants';

const camel = { name: 'Camel', hex: '#c8a27a', translations: { ar: { name: 'جملي' } } };
const slate = { name: 'Slate', hex: '#2f3e46', translations: {} };

/** Two colours × three sizes; Camel M is sold out, and every Slate size. */
const dress: Pick<Product, 'colours' | 'sizes' | 'variants'> = {
  colours: [camel, slate],
  sizes: ['S', 'M', 'L'],
  variants: [
    { id: 1, colour: 'Camel', size: 'S', stock: 4 },
    { id: 2, colour: 'Camel', size: 'M', stock: 0 },
    { id: 3, colour: 'Camel', size: 'L', stock: 2 },
    { id: 4, colour: 'Slate', size: 'S', stock: 0 },
    { id: 5, colour: 'Slate', size: 'M', stock: 0 },
    { id: 6, colour: 'Slate', size: 'L', stock: 0 },
  ],
};

describe('variants on the product page', () => {
  it('finds the variant of a full choice, and none while a size is missing', () => {
    expect(findVariant(dress, { colour: 'Camel', size: 'L' })?.id).toBe(3);
    expect(findVariant(dress, { colour: 'Camel' })).toBeUndefined();
    expect(findVariant(dress, { colour: 'Teal', size: 'L' })).toBeUndefined();
  });

  it('needs no choice for what a product comes in one of', () => {
    const bag = {
      colours: [camel, slate],
      sizes: [],
      variants: [
        { id: 7, colour: 'Camel', size: null, stock: 1 },
        { id: 8, colour: 'Slate', size: null, stock: 0 },
      ],
    };
    expect(findVariant(bag, { colour: 'Slate' })?.id).toBe(8);
    const mug = {
      colours: [],
      sizes: [],
      variants: [{ id: 9, colour: null, size: null, stock: 3 }],
    };
    expect(findVariant(mug, {})?.id).toBe(9);
    expect(onlyVariant(mug)?.id).toBe(9);
    expect(onlyVariant(bag)).toBeUndefined();
  });

  it('says which sizes of the chosen colour can be bought', () => {
    expect(sizeAvailability(dress, 'Camel')).toEqual([
      { size: 'S', available: true },
      { size: 'M', available: false },
      { size: 'L', available: true },
    ]);
    expect(sizeAvailability(dress, 'Slate').every((s) => !s.available)).toBe(true);
  });

  it('marks a colour whose every size is sold out, and starts on one in stock', () => {
    expect(isColourSoldOut(dress, 'Camel')).toBe(false);
    expect(isColourSoldOut(dress, 'Slate')).toBe(true);
    const slateFirst = { ...dress, colours: [slate, camel] };
    expect(firstColourInStock(slateFirst)).toBe('Camel');
    const allGone = { ...dress, variants: dress.variants.map((v) => ({ ...v, stock: 0 })) };
    expect(firstColourInStock(allGone)).toBe('Camel');
  });

  it("names a line's variant with its colour's swatch and names, in the reader's language", () => {
    const variant = toLineVariant(dress, dress.variants[2]!);
    expect(variant).toEqual({ id: 3, colour: camel, size: 'L' });
    expect(nameWithVariant('Dress', variant, 'en')).toBe('Dress (Camel · L)');
    expect(nameWithVariant('فستان', variant, 'ar')).toBe('فستان (جملي · L)');
    expect(nameWithVariant('Mug', { id: 9, colour: null, size: null }, 'en')).toBe('Mug');
  });
});
