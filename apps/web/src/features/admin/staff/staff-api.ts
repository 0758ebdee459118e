import type {
  AuditList,
  AuditQuery,
  StaffInvite,
  StaffList,
  StaffRole,
} from '@souq/contracts/staff';
import { adminApi } from '../shared/admin-api';

/** The back office's people and its record of who did what (staff.manage, audit.read). */
export const staffApi = adminApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getStaff: build.query<StaffList, undefined>({
      query: () => '/admin/staff',
      providesTags: ['Staff'],
    }),
    inviteStaff: build.mutation<unknown, StaffInvite>({
      query: (body) => ({ url: '/admin/staff', method: 'POST', body }),
      invalidatesTags: ['Staff', 'Audit'],
    }),
    changeStaffRole: build.mutation<unknown, { userId: string; role: StaffRole }>({
      query: ({ userId, role }) => ({
        url: `/admin/staff/${encodeURIComponent(userId)}`,
        method: 'PATCH',
        body: { role },
      }),
      invalidatesTags: ['Staff', 'Audit', 'AdminMe'],
    }),
    removeStaff: build.mutation<unknown, string>({
      query: (userId) => ({
        url: `/admin/staff/${encodeURIComponent(userId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Staff', 'Audit'],
    }),
    getAudit: build.query<AuditList, AuditQuery>({
      query: (params) => ({ url: '/admin/audit', params }),
      providesTags: ['Audit'],
    }),
  }),
});

export const {
  useGetStaffQuery,
  useInviteStaffMutation,
  useChangeStaffRoleMutation,
  useRemoveStaffMutation,
  useGetAuditQuery,
} = staffApi;
