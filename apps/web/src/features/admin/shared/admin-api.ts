import type { StaffMe } from '@souq/contracts/staff';
import { api } from '../../../lib/api';

/**
 * The back office's endpoints (/api/admin/*) start here: who is signed in, and every tag the
 * areas' slices (orders/orders-api.ts, catalog/catalog-api.ts, …) provide or invalidate, so an
 * action in one area refreshes another's screens. The server checks the staff member's role on
 * each request.
 */
export const adminApi = api
  .enhanceEndpoints({
    addTagTypes: [
      'AdminMe',
      'Dashboard',
      'AdminOrders',
      'AdminOrder',
      'AdminProducts',
      'AdminProduct',
      'AdminCategories',
      'StockMovements',
      'Coupons',
      'CouponUses',
      'FlashSales',
      'Customers',
      'Messages',
      'AdminReviews',
      'Staff',
      'Audit',
      'ShopSettings',
    ],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getAdminMe: build.query<StaffMe, undefined>({
        query: () => '/admin/me',
        providesTags: ['AdminMe'],
      }),
    }),
  });

export const { useGetAdminMeQuery } = adminApi;
