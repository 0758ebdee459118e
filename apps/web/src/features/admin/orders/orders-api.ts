import type {
  AdminOrder,
  AdminOrderList,
  AdminOrderListQuery,
  OrderAction,
} from '@souq/contracts/admin-orders';
import type { TaxInvoice } from '@souq/contracts/invoices';
import { adminApi } from '../shared/admin-api';

/** The back office's orders (orders.*). */
export const ordersApi = adminApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getAdminOrders: build.query<AdminOrderList, AdminOrderListQuery>({
      query: (params) => ({ url: '/admin/orders', params }),
      providesTags: ['AdminOrders'],
    }),
    getAdminOrder: build.query<AdminOrder, number>({
      query: (id) => `/admin/orders/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'AdminOrder', id }],
    }),
    /** The order's tax invoice and credit notes; a refund adds a credit note. */
    getAdminInvoice: build.query<TaxInvoice, number>({
      query: (id) => `/admin/orders/${id}/invoice`,
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
    /** Sends again a refund the provider declined after accepting it. */
    retryPaymentRefund: build.mutation<null, { orderId: number; refundId: number }>({
      query: ({ orderId, refundId }) => ({
        url: `/admin/orders/${orderId}/payment-refunds/${refundId}/retry`,
        method: 'POST',
      }),
      invalidatesTags: (_result, _error, { orderId }) => [
        { type: 'AdminOrder', id: orderId },
        'Audit',
      ],
    }),
  }),
});

export const {
  useGetAdminOrdersQuery,
  useGetAdminOrderQuery,
  useGetAdminInvoiceQuery,
  useTakeOrderActionMutation,
  useResendMailMutation,
  useRetryPaymentRefundMutation,
} = ordersApi;
