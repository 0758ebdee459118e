/** One field of an audited change: its value before and after, as text (absent: "—"). */
export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

function asText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/**
 * An audit entry's before and after as the fields that differ, so a reader sees "role:
 * support → manager" rather than two blobs. Values that are not objects count as one field.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const from = asRecord(before);
  const to = asRecord(after);
  if ((before !== null && !from) || (after !== null && !to)) {
    return [{ field: '', before: asText(before), after: asText(after) }];
  }
  const fields = [...new Set([...Object.keys(from ?? {}), ...Object.keys(to ?? {})])];
  return fields
    .map((field) => ({ field, before: asText(from?.[field]), after: asText(to?.[field]) }))
    .filter((change) => change.before !== change.after);
}
