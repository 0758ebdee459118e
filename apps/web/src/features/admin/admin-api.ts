import type {
  AdminOrder,
  AdminOrderList,
  AdminOrderListQuery,
  OrderAction,
} from '@souq/contracts/admin-orders';
import type {
  AuditList,
  AuditQuery,
  Dashboard,
  StaffInvite,
  StaffList,
  StaffMe,
  StaffRole,
} from '@souq/contracts/staff';
import { api } from '../../lib/api';

/** The back office's endpoints (/api/admin/*); the server checks the staff member's role on each. */
export const adminApi = api
  .enhanceEndpoints({
    addTagTypes: ['AdminMe', 'AdminOrders', 'AdminOrder', 'Dashboard', 'Staff', 'Audit'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getAdminMe: build.query<StaffMe, undefined>({
        query: () => '/admin/me',
        providesTags: ['AdminMe'],
      }),
      getDashboard: build.query<Dashboard, undefined>({
        query: () => '/admin/dashboard',
        providesTags: ['Dashboard'],
      }),
      getAdminOrders: build.query<AdminOrderList, AdminOrderListQuery>({
        query: (params) => ({ url: '/admin/orders', params }),
        providesTags: ['AdminOrders'],
      }),
      getAdminOrder: build.query<AdminOrder, number>({
        query: (id) => `/admin/orders/${id}`,
        providesTags: (_result, _error, id) => [{ type: 'AdminOrder', id }],
      }),
      /**
       * Moves an order on. The order is asked for again afterwards, also after a refusal (409),
       * so the page shows what the order has become and what may be done now.
       */
      takeOrderAction: build.mutation<
        AdminOrder,
        { id: number; action: OrderAction; idempotencyKey?: string }
      >({
        query: ({ id, action, idempotencyKey }) => ({
          url: `/admin/orders/${id}/actions`,
          method: 'POST',
          body: action,
          headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
        }),
        invalidatesTags: (_result, _error, { id }) => [
          { type: 'AdminOrder', id },
          'AdminOrders',
          'Dashboard',
          'Audit',
        ],
      }),
      resendMail: build.mutation<unknown, { orderId: number; mailId: number }>({
        query: ({ orderId, mailId }) => ({
          url: `/admin/orders/${orderId}/mails/${mailId}/resend`,
          method: 'POST',
        }),
        invalidatesTags: (_result, _error, { orderId }) => [{ type: 'AdminOrder', id: orderId }],
      }),
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
  useGetAdminMeQuery,
  useGetDashboardQuery,
  useGetAdminOrdersQuery,
  useGetAdminOrderQuery,
  useTakeOrderActionMutation,
  useResendMailMutation,
  useGetStaffQuery,
  useInviteStaffMutation,
  useChangeStaffRoleMutation,
  useRemoveStaffMutation,
  useGetAuditQuery,
} = adminApi;
