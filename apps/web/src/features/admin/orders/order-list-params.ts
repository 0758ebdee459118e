import { adminOrderListQuerySchema, type AdminOrderListQuery } from '@souq/contracts/admin-orders';

const keys = Object.keys(adminOrderListQuerySchema.shape) as (keyof AdminOrderListQuery)[];

/**
 * The order list's search, filters and page from the URL. Each parameter is checked with the
 * contract's rule on its own, so one mistyped value (a hand-edited link) drops only that filter.
 */
export function readOrderListParams(params: URLSearchParams): AdminOrderListQuery {
  const query: Record<string, unknown> = {};
  for (const key of keys) {
    const raw = params.get(key);
    if (raw === null || raw.trim() === '') continue;
    const parsed = adminOrderListQuerySchema.shape[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined && parsed.data !== '') query[key] = parsed.data;
  }
  return query;
}
