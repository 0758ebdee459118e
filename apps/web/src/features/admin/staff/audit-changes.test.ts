import { describe, expect, it } from 'vitest';
import { fieldChanges } from './audit-changes';

describe('an audit entry as the fields it changed', () => {
  it('lists only the fields that changed, leaving out the bookkeeping', () => {
    expect(
      fieldChanges(
        { price: 2500, name: 'Linen Shirt', updatedAt: '2026-01-01' },
        { price: 2250, name: 'Linen Shirt', updatedAt: '2026-01-02' },
      ),
    ).toEqual([{ field: 'price', before: 2500, after: 2250 }]);
  });

  it('follows nested records down to the field, keeping a named record whole', () => {
    expect(
      fieldChanges(
        { address: { city: 'Dubai', country: 'AE' }, category: { id: 1, name: 'Men' } },
        { address: { city: 'Doha', country: 'QA' }, category: { id: 2, name: 'Women' } },
      ),
    ).toEqual([
      { field: 'address.city', before: 'Dubai', after: 'Doha' },
      { field: 'address.country', before: 'AE', after: 'QA' },
      { field: 'category', before: { id: 1, name: 'Men' }, after: { id: 2, name: 'Women' } },
    ]);
  });

  it('lists no field for a creation or a removal', () => {
    expect(fieldChanges(null, { role: 'fulfilment' })).toEqual([]);
    expect(fieldChanges({ role: 'support' }, null)).toEqual([]);
  });
});
