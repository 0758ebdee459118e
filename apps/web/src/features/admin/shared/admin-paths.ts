import type { AdminProductListQuery } from '@souq/contracts/admin-catalog';
import type { AdminOrderListQuery } from '@souq/contracts/admin-orders';
import { listHref } from './list-query';

/** Every link inside the back office is built here. */
export const adminPaths = {
  dashboard: '/admin',
  orders: '/admin/orders',
  ordersMatching: (query: AdminOrderListQuery) => listHref('/admin/orders', query),
  order: (id: number) => `/admin/orders/${id}`,
  products: '/admin/products',
  productsMatching: (query: AdminProductListQuery) => listHref('/admin/products', query),
  newProduct: '/admin/products/new',
  product: (id: number) => `/admin/products/${id}`,
  stockLedger: (id: number) => `/admin/products/${id}/stock`,
  categories: '/admin/categories',
  catalogFile: '/admin/catalog-file',
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
