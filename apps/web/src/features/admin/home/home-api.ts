import type { Dashboard } from '@souq/contracts/dashboard';
import { adminApi } from '../shared/admin-api';

/** The dashboard's figures (dashboard.read). */
export const homeApi = adminApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getDashboard: build.query<Dashboard, undefined>({
      query: () => '/admin/dashboard',
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useGetDashboardQuery } = homeApi;
