import {
  adminProductListQuerySchema,
  type AdminProductListQuery,
} from '@souq/contracts/admin-catalog';

const keys = Object.keys(adminProductListQuerySchema.shape) as (keyof AdminProductListQuery)[];

/**
 * The product list's search, filters and page from the URL, each checked with the contract's
 * rule on its own, so one mistyped value (a hand-edited link) drops only that filter.
 */
export function readProductListParams(params: URLSearchParams): AdminProductListQuery {
  const query: Record<string, unknown> = {};
  for (const key of keys) {
    const raw = params.get(key);
    if (raw === null || raw.trim() === '') continue;
    const parsed = adminProductListQuerySchema.shape[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined && parsed.data !== '') query[key] = parsed.data;
  }
  return query;
}

/** The URL's query string for a product list query (booleans as "true"/"false"). */
export function productListSearch(query: AdminProductListQuery): string {
  return new URLSearchParams(
    Object.entries(query as Record<string, string | number | boolean | undefined>).flatMap(
      ([key, value]) => (value === undefined ? [] : [[key, String(value)]]),
    ),
  ).toString();
}
