import type {
  AdminCoupon,
  AdminCouponList,
  AdminFlashSale,
  CouponEditorInput,
  CouponUse,
  CouponState,
  FlashSaleEditor,
} from '@souq/contracts/admin-marketing';
import type { ProductList } from '@souq/contracts/catalog';
import { adminApi } from '../shared/admin-api';

/** The back office's marketing: coupons and flash sales (marketing.manage). */
export const marketingApi = adminApi.injectEndpoints({
  overrideExisting: 'throw',
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
    getAdminFlashSale: build.query<AdminFlashSale, number>({
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
    /** The shop's catalog search, for picking a sale's products. */
    searchProducts: build.query<ProductList, string>({
      query: (q) => ({ url: '/products', params: { q, limit: 12 } }),
    }),
  }),
});

export const {
  useGetCouponsQuery,
  useGetCouponQuery,
  useSaveCouponMutation,
  useSetCouponPausedMutation,
  useGetCouponUsesQuery,
  useGetFlashSalesQuery,
  useGetAdminFlashSaleQuery,
  useSaveFlashSaleMutation,
  useEndFlashSaleMutation,
  useDeleteFlashSaleMutation,
  useSearchProductsQuery,
} = marketingApi;
