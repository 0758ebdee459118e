import { describe, expect, it } from 'vitest';
import { localized } from './localized';

const product = {
  name: 'Desk Lamp',
  description: 'A lamp.',
  translations: { ar: { name: 'مصباح مكتب', description: '' } },
};

describe('localized', () => {
  it('picks the translation for the language, region ignored', () => {
    expect(localized(product, 'name', 'ar')).toBe('مصباح مكتب');
    expect(localized(product, 'name', 'ar-EG')).toBe('مصباح مكتب');
  });

  it('falls back to the shop text when there is no translation or it is blank', () => {
    expect(localized(product, 'name', 'en')).toBe('Desk Lamp');
    expect(localized(product, 'description', 'ar')).toBe('A lamp.');
    expect(localized({ name: 'Phones', translations: {} }, 'name', 'ar')).toBe('Phones');
  });
});
