import type { ShopSettings } from '@souq/contracts/shop-settings';
import type { StaffMe } from '@souq/contracts/staff';
import { api } from '../../../lib/api';
import { useShopSettings } from '../../../lib/shop-settings';

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
      'StockAlerts',
      'Coupons',
      'CouponUses',
      'FlashSales',
      'Customers',
      'Messages',
      'AdminReviews',
      'Staff',
      'Audit',
      'ShopSettings',
      'Carriers',
      'ShippingZones',
      'TaxRates',
    ],
  })
  .injectEndpoints({
    overrideExisting: 'throw',
    endpoints: (build) => ({
      getAdminMe: build.query<StaffMe, undefined>({
        query: () => '/admin/me',
        providesTags: ['AdminMe'],
      }),
      /** What every staff member may read of the settings (GET /api/settings): the currency. */
      getPublicShopSettings: build.query<ShopSettings, undefined>({
        query: () => '/settings',
        providesTags: ['ShopSettings'],
      }),
    }),
  });

export const { useGetAdminMeQuery } = adminApi;

/**
 * The shop's currency, the one its prices, coupons and totals are typed and shown in: the page's
 * settings at first, then the server's, so an owner's change shows without a reload.
 */
export function useShopCurrency(): string {
  const pageSettings = useShopSettings();
  const { data } = adminApi.useGetPublicShopSettingsQuery(undefined);
  return data?.currency ?? pageSettings.currency;
}
