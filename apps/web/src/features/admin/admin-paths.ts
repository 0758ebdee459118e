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
  coupons: '/admin/coupons',
  newCoupon: '/admin/coupons/new',
  coupon: (id: number) => `/admin/coupons/${id}`,
  flashSales: '/admin/flash-sales',
  newFlashSale: '/admin/flash-sales/new',
  flashSale: (id: number) => `/admin/flash-sales/${id}`,
  customers: '/admin/customers',
  customer: (id: string) => `/admin/customers/${encodeURIComponent(id)}`,
  messages: '/admin/messages',
  message: (id: number) => `/admin/messages/${id}`,
  staff: '/admin/staff',
  audit: '/admin/audit',
} as const;
