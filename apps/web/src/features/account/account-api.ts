import type { Profile, ProfileUpdate } from '@souq/contracts/account';
import type { ChangePasswordInput } from '@souq/contracts/auth';
import { sessionApi } from '../../lib/session-api';

const accountApi = sessionApi.enhanceEndpoints({ addTagTypes: ['Profile'] }).injectEndpoints({
  overrideExisting: 'throw',
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
  }),
});

export const {
  useGetProfileQuery,
  useUpdateProfileMutation,
  useUploadPhotoMutation,
  useChangePasswordMutation,
} = accountApi;
