/** One field of an audited change: its path ("price", "address.city") and its values. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** Bookkeeping that moves with every save and says nothing a reader needs. */
const UNTOLD = new Set(['id', 'createdAt', 'updatedAt', 'state', 'usesCount']);

export function asRecord(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What an edit changed, field by field: nested records (an address, text per language) are
 * followed down to the fields that differ, so a reader sees "City: Dubai → Doha" rather than
 * two records. A creation or a removal changes no field: its sentence says it all.
 */
export function fieldChanges(before: unknown, after: unknown, prefix = ''): FieldChange[] {
  const from = asRecord(before);
  const to = asRecord(after);
  if (!from || !to) return [];
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields.flatMap((field) => {
    if (UNTOLD.has(field) || same(from[field], to[field])) return [];
    const path = `${prefix}${field}`;
    const nestedFrom = asRecord(from[field]);
    const nestedTo = asRecord(to[field]);
    // A record with a name (a product's category) is one value; others are followed down.
    if (nestedFrom && nestedTo && !('name' in nestedTo)) {
      return fieldChanges(nestedFrom, nestedTo, `${path}.`);
    }
    return [{ field: path, before: from[field], after: to[field] }];
  });
}
