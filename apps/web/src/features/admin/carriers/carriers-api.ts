import type { Carrier, CarrierInput, CarrierList } from '@souq/contracts/carriers';
import { adminApi } from '../shared/admin-api';

/** The carriers orders ship with (read: orders.read; changes: carriers.manage). */
export const carriersApi = adminApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getCarriers: build.query<CarrierList, undefined>({
      query: () => '/admin/carriers',
      providesTags: ['Carriers'],
    }),
    saveCarrier: build.mutation<Carrier, { id?: number; carrier: CarrierInput }>({
      query: ({ id, carrier }) =>
        id === undefined
          ? { url: '/admin/carriers', method: 'POST', body: carrier }
          : { url: `/admin/carriers/${id}`, method: 'PUT', body: carrier },
      invalidatesTags: ['Carriers', 'Audit'],
    }),
    deleteCarrier: build.mutation<unknown, number>({
      query: (id) => ({ url: `/admin/carriers/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Carriers', 'Audit'],
    }),
  }),
});

export const { useGetCarriersQuery, useSaveCarrierMutation, useDeleteCarrierMutation } =
  carriersApi;
