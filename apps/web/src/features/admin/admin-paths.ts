import type { AdminOrderListQuery } from '@souq/contracts/admin-orders';

/** Every link inside the back office is built here. */
export const adminPaths = {
  dashboard: '/admin',
  orders: '/admin/orders',
  ordersMatching: (query: AdminOrderListQuery) => {
    const search = new URLSearchParams(
      Object.entries(query as Record<string, string | number | undefined>).flatMap(
        ([key, value]) => (value === undefined || value === '' ? [] : [[key, String(value)]]),
      ),
    ).toString();
    return search ? `/admin/orders?${search}` : '/admin/orders';
  },
  order: (id: number) => `/admin/orders/${id}`,
  staff: '/admin/staff',
  audit: '/admin/audit',
} as const;
