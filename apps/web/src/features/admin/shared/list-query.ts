import type { z } from 'zod';

type QueryValue = string | number | boolean | undefined;

/**
 * A list's search, filters and page from the URL, each parameter checked with the rule of the
 * contract's query schema on its own, so one mistyped value (a hand-edited link) drops only that
 * filter instead of the whole search.
 */
export function readListQuery<Shape extends Record<string, z.ZodType>>(
  schema: z.ZodObject<Shape>,
  params: URLSearchParams,
): z.infer<z.ZodObject<Shape>> {
  const query: Record<string, unknown> = {};
  for (const [key, rule] of Object.entries(schema.shape)) {
    const raw = params.get(key);
    if (raw === null || raw.trim() === '') continue;
    const parsed = rule.safeParse(raw);
    if (parsed.success && parsed.data !== undefined && parsed.data !== '') query[key] = parsed.data;
  }
  return query as z.infer<z.ZodObject<Shape>>;
}

/** A list's address with its query (booleans as "true"/"false"), empty values left out. */
export function listHref(base: string, query: object): string {
  const search = new URLSearchParams(
    Object.entries(query as Record<string, QueryValue>).flatMap(([key, value]) =>
      value === undefined || value === '' ? [] : [[key, String(value)]],
    ),
  ).toString();
  return search ? `${base}?${search}` : base;
}
