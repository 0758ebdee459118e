import { describe, expect, it } from 'vitest';
import { fieldChanges } from './audit-changes';

describe('an audit entry as readable changes', () => {
  it('lists only the fields that changed', () => {
    expect(
      fieldChanges({ status: 'pending', total: 500 }, { status: 'confirmed', total: 500 }),
    ).toEqual([{ field: 'status', before: 'pending', after: 'confirmed' }]);
  });

  it('shows a created or removed thing field by field', () => {
    expect(fieldChanges(null, { role: 'fulfilment', email: 'a@example.com' })).toEqual([
      { field: 'role', before: null, after: 'fulfilment' },
      { field: 'email', before: null, after: 'a@example.com' },
    ]);
    expect(fieldChanges({ role: 'support' }, null)).toEqual([
      { field: 'role', before: 'support', after: null },
    ]);
  });

  it('writes nested values and plain values as text', () => {
    expect(fieldChanges({ lines: [1] }, { lines: [1, 2] })).toEqual([
      { field: 'lines', before: '[1]', after: '[1,2]' },
    ]);
    expect(fieldChanges('a', 'b')).toEqual([{ field: '', before: 'a', after: 'b' }]);
  });
});
