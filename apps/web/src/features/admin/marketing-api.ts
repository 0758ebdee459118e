import type {
  AdminCoupon,
  AdminCouponList,
  AdminCustomer,
  AdminCustomerList,
  AdminFlashSale,
  AdminMessage,
  AdminMessageList,
  CouponEditorInput,
  CouponUse,
  CouponState,
  FlashSaleEditor,
  MessageReply,
} from '@souq/contracts/admin-marketing';
import type { ProductList } from '@souq/contracts/catalog';
import { api } from '../../lib/api';

type MessageState = AdminMessage['state'];

/** The back office's marketing and people: coupons, flash sales, customers and messages. */
export const marketingApi = api
  .enhanceEndpoints({
    addTagTypes: ['Coupons', 'CouponUses', 'FlashSales', 'Customers', 'Messages', 'Audit'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getCoupons: build.query<AdminCouponList, { q?: string; state?: CouponState; page?: number }>({
        query: (params) => ({ url: '/admin/coupons', params }),
        providesTags: ['Coupons'],
      }),
      getCoupon: build.query<AdminCoupon, number>({
        query: (id) => `/admin/coupons/${id}`,
        providesTags: ['Coupons'],
      }),
      saveCoupon: build.mutation<AdminCoupon, { id?: number; coupon: CouponEditorInput }>({
        query: ({ id, coupon }) => ({
          url: id ? `/admin/coupons/${id}` : '/admin/coupons',
          method: id ? 'PUT' : 'POST',
          body: coupon,
        }),
        invalidatesTags: ['Coupons', 'Audit'],
      }),
      setCouponPaused: build.mutation<AdminCoupon, { id: number; paused: boolean }>({
        query: ({ id, paused }) => ({
          url: `/admin/coupons/${id}/${paused ? 'pause' : 'resume'}`,
          method: 'POST',
        }),
        invalidatesTags: ['Coupons', 'Audit'],
      }),
      getCouponUses: build.query<
        { items: CouponUse[]; page: number; hasMore: boolean },
        { id: number; email?: string; page?: number }
      >({
        query: ({ id, ...params }) => ({ url: `/admin/coupons/${id}/uses`, params }),
        providesTags: ['CouponUses'],
      }),
      getFlashSales: build.query<{ items: AdminFlashSale[]; serverTime: string }, undefined>({
        query: () => '/admin/flash-sales',
        providesTags: ['FlashSales'],
      }),
      getFlashSale: build.query<AdminFlashSale, number>({
        query: (id) => `/admin/flash-sales/${id}`,
        providesTags: ['FlashSales'],
      }),
      saveFlashSale: build.mutation<AdminFlashSale, { id?: number; sale: FlashSaleEditor }>({
        query: ({ id, sale }) => ({
          url: id ? `/admin/flash-sales/${id}` : '/admin/flash-sales',
          method: id ? 'PUT' : 'POST',
          body: sale,
        }),
        invalidatesTags: ['FlashSales', 'Audit'],
      }),
      endFlashSale: build.mutation<AdminFlashSale, number>({
        query: (id) => ({ url: `/admin/flash-sales/${id}/end`, method: 'POST' }),
        invalidatesTags: ['FlashSales', 'Audit'],
      }),
      deleteFlashSale: build.mutation<unknown, number>({
        query: (id) => ({ url: `/admin/flash-sales/${id}`, method: 'DELETE' }),
        invalidatesTags: ['FlashSales', 'Audit'],
      }),
      getCustomers: build.query<AdminCustomerList, { q?: string; page?: number }>({
        query: (params) => ({ url: '/admin/customers', params }),
        providesTags: ['Customers'],
      }),
      getCustomer: build.query<AdminCustomer, string>({
        query: (id) => `/admin/customers/${encodeURIComponent(id)}`,
        providesTags: ['Customers'],
      }),
      getMessages: build.query<
        AdminMessageList,
        { state?: MessageState; q?: string; page?: number }
      >({
        query: (params) => ({ url: '/admin/messages', params }),
        providesTags: ['Messages'],
      }),
      /** Opening a message marks it read, so the list and the badge are read again. */
      openMessage: build.query<AdminMessage, number>({
        query: (id) => `/admin/messages/${id}`,
        onQueryStarted: async (_id, { dispatch, queryFulfilled }) => {
          await queryFulfilled.catch(() => undefined);
          dispatch(marketingApi.util.invalidateTags(['Messages']));
        },
      }),
      setMessageState: build.mutation<AdminMessage, { id: number; state: MessageState }>({
        query: ({ id, state }) => ({
          url: `/admin/messages/${id}`,
          method: 'PATCH',
          body: { state },
        }),
        invalidatesTags: ['Messages', 'Audit'],
        onQueryStarted: showOnMessagePage,
      }),
      replyToMessage: build.mutation<AdminMessage, { id: number; reply: MessageReply }>({
        query: ({ id, reply }) => ({
          url: `/admin/messages/${id}/reply`,
          method: 'POST',
          body: reply,
        }),
        invalidatesTags: ['Messages', 'Audit'],
        onQueryStarted: showOnMessagePage,
      }),
      /** The shop's catalog search, for picking a sale's products. */
      searchProducts: build.query<ProductList, string>({
        query: (q) => ({ url: '/products', params: { q, limit: 12 } }),
      }),
    }),
  });

/**
 * The open message is not tagged (reading it marks it read, which refreshes the list), so a
 * change puts the server's answer straight onto its page.
 */
async function showOnMessagePage(
  { id }: { id: number },
  {
    dispatch,
    queryFulfilled,
  }: {
    dispatch: (action: unknown) => unknown;
    queryFulfilled: Promise<{ data: AdminMessage }>;
  },
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(marketingApi.util.upsertQueryData('openMessage', id, data));
  } catch {
    // the page shows the refusal; the message stays as it was
  }
}

export const {
  useGetCouponsQuery,
  useGetCouponQuery,
  useSaveCouponMutation,
  useSetCouponPausedMutation,
  useGetCouponUsesQuery,
  useGetFlashSalesQuery,
  useGetFlashSaleQuery,
  useSaveFlashSaleMutation,
  useEndFlashSaleMutation,
  useDeleteFlashSaleMutation,
  useGetCustomersQuery,
  useGetCustomerQuery,
  useGetMessagesQuery,
  useOpenMessageQuery,
  useSetMessageStateMutation,
  useReplyToMessageMutation,
  useSearchProductsQuery,
} = marketingApi;
