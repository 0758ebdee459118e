import { describe, expect, it } from 'vitest';
import { readPriceUnits, readSort, withParams } from './catalog-params';

describe('the listing view in the URL', () => {
  it('goes back to page 1 on any change but a page turn', () => {
    const current = new URLSearchParams('category=phones&sort=price_asc&page=3');
    expect(withParams(current, { sort: 'newest' }).toString()).toBe('category=phones&sort=newest');
    expect(withParams(current, { category: undefined }).toString()).toBe('sort=price_asc');
    expect(withParams(current, { page: '4' }).toString()).toBe(
      'category=phones&sort=price_asc&page=4',
    );
  });

  it('reads only what the API accepts, anything else as not set', () => {
    expect(readSort('price_desc', 'best_selling')).toBe('price_desc');
    expect(readSort('cheapest', 'best_selling')).toBe('best_selling');
    expect(readPriceUnits('25')).toBe(25);
    for (const bad of ['-1', '1.5', '1e3', 'abc', '', '123456789', null]) {
      expect(readPriceUnits(bad)).toBeUndefined();
    }
  });
});
