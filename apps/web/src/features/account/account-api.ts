import type { Profile, ProfileUpdate } from '@souq/contracts/account';
import type { Address, AddressInput } from '@souq/contracts/addresses';
import type { ChangePasswordInput } from '@souq/contracts/auth';
import { sessionApi } from '../../lib/session-api';

const accountApi = sessionApi
  .enhanceEndpoints({ addTagTypes: ['Profile', 'Addresses'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getProfile: build.query<Profile, undefined>({
        query: () => '/account/profile',
        providesTags: ['Profile'],
      }),
      updateProfile: build.mutation<Profile, ProfileUpdate>({
        query: (body) => ({ url: '/account/profile', method: 'PUT', body }),
        invalidatesTags: ['Profile', 'Session'],
      }),
      uploadPhoto: build.mutation<Profile, File>({
        query: (photo) => {
          const body = new FormData();
          body.append('photo', photo);
          return { url: '/account/photo', method: 'POST', body };
        },
        invalidatesTags: ['Profile'],
      }),
      changePassword: build.mutation<unknown, ChangePasswordInput>({
        query: (body) => ({ url: '/auth/change-password', method: 'POST', body }),
      }),
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
  useGetProfileQuery,
  useUpdateProfileMutation,
  useUploadPhotoMutation,
  useChangePasswordMutation,
  useGetAddressesQuery,
  useCreateAddressMutation,
  useUpdateAddressMutation,
  useDeleteAddressMutation,
  useSetDefaultAddressMutation,
} = accountApi;
