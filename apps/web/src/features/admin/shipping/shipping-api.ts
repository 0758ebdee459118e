import type { ShippingZone, ShippingZoneEditor, ShippingZoneList } from '@souq/contracts/shipping';
import { adminApi } from '../shared/admin-api';

/** The back office's shipping zones and methods (shipping.manage). */
export const shippingApi = adminApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getShippingZones: build.query<ShippingZoneList, undefined>({
      query: () => '/admin/shipping-zones',
      providesTags: ['ShippingZones'],
    }),
    getShippingZone: build.query<ShippingZone, number>({
      query: (id) => `/admin/shipping-zones/${id}`,
      providesTags: ['ShippingZones'],
    }),
    saveShippingZone: build.mutation<ShippingZone, { id?: number; zone: ShippingZoneEditor }>({
      query: ({ id, zone }) => ({
        url: id ? `/admin/shipping-zones/${id}` : '/admin/shipping-zones',
        method: id ? 'PUT' : 'POST',
        body: zone,
      }),
      invalidatesTags: ['ShippingZones', 'Audit'],
    }),
    deleteShippingZone: build.mutation<null, number>({
      query: (id) => ({ url: `/admin/shipping-zones/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ShippingZones', 'Audit'],
    }),
  }),
});

export const {
  useGetShippingZonesQuery,
  useGetShippingZoneQuery,
  useSaveShippingZoneMutation,
  useDeleteShippingZoneMutation,
} = shippingApi;
