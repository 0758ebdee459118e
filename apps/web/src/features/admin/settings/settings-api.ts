import type { ShopSettings, ShopSettingsInput } from '@souq/contracts/shop-settings';
import { adminApi } from '../shared/admin-api';

/** The shop's settings (settings.manage: owners). */
export const settingsApi = adminApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getShopSettings: build.query<ShopSettings, undefined>({
      query: () => '/admin/settings',
      providesTags: ['ShopSettings'],
    }),
    saveShopSettings: build.mutation<ShopSettings, ShopSettingsInput>({
      query: (settings) => ({ url: '/admin/settings', method: 'PUT', body: settings }),
      invalidatesTags: ['ShopSettings', 'Audit'],
    }),
  }),
});

export const { useGetShopSettingsQuery, useSaveShopSettingsMutation } = settingsApi;
