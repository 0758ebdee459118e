import { describe, expect, it } from 'vitest';
import { addressLines } from './shop-settings';

const dubai = {
  line1: 'Office 1204, Al Saqr Business Tower',
  line2: 'Sheikh Zayed Road, Trade Centre 1',
  city: 'Dubai',
  region: '',
  postalCode: '',
  country: 'AE',
};

function shopAt(address: typeof dubai, writtenAddress: Record<string, string> = {}) {
  return { address, writtenAddress };
}

describe('the shop’s address as the footer and the invoice show it', () => {
  it('reads street, area, city and country, the country in the page’s language', () => {
    expect(addressLines(shopAt(dubai), 'en')).toEqual([
      'Office 1204, Al Saqr Business Tower',
      'Sheikh Zayed Road, Trade Centre 1',
      'Dubai',
      'United Arab Emirates',
    ]);
    expect(addressLines(shopAt(dubai), 'ar').at(-1)).toBe('الإمارات العربية المتحدة');
  });

  it('names a region that is the city once, and one that is not after it', () => {
    expect(addressLines(shopAt({ ...dubai, region: 'Dubai' }), 'en')[2]).toBe('Dubai');
    const riyadh = {
      ...dubai,
      city: 'Diriyah',
      region: 'Riyadh',
      postalCode: '13717',
      country: 'SA',
    };
    expect(addressLines(shopAt(riyadh), 'en')[2]).toBe('Diriyah, Riyadh 13717');
  });

  it('shows the address as the owner wrote it for the page’s language, then the country', () => {
    const shop = shopAt(dubai, { ar: 'مكتب 1204، برج الصقر للأعمال\n\n  دبي  ' });
    expect(addressLines(shop, 'ar')).toEqual([
      'مكتب 1204، برج الصقر للأعمال',
      'دبي',
      'الإمارات العربية المتحدة',
    ]);
    expect(addressLines(shop, 'en')[0]).toBe('Office 1204, Al Saqr Business Tower');
  });

  it('shows nothing for a shop that has written no address', () => {
    expect(addressLines(shopAt({ ...dubai, line1: '', line2: '', city: '' }), 'en')).toEqual([]);
  });
});
