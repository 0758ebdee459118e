import type { Address, AddressInput } from '@souq/contracts/addresses';
import { api } from './api';

/**
 * The signed-in shopper's address book (served by the accounts module). Shared by the account
 * page, which edits it, and checkout, which prefills from the default and saves new addresses.
 */
export const addressesApi = api.enhanceEndpoints({ addTagTypes: ['Addresses'] }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getAddresses: build.query<{ items: Address[] }, undefined>({
      query: () => '/account/addresses',
      providesTags: ['Addresses'],
    }),
    createAddress: build.mutation<Address, AddressInput>({
      query: (body) => ({ url: '/account/addresses', method: 'POST', body }),
      invalidatesTags: ['Addresses'],
    }),
    updateAddress: build.mutation<Address, { id: number; address: AddressInput }>({
      query: ({ id, address }) => ({
        url: `/account/addresses/${id}`,
        method: 'PUT',
        body: address,
      }),
      invalidatesTags: ['Addresses'],
    }),
    deleteAddress: build.mutation<unknown, number>({
      query: (id) => ({ url: `/account/addresses/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Addresses'],
    }),
    setDefaultAddress: build.mutation<{ items: Address[] }, number>({
      query: (id) => ({ url: `/account/addresses/${id}/default`, method: 'POST' }),
      invalidatesTags: ['Addresses'],
    }),
  }),
});

export const {
  useGetAddressesQuery,
  useCreateAddressMutation,
  useUpdateAddressMutation,
  useDeleteAddressMutation,
  useSetDefaultAddressMutation,
} = addressesApi;
