import type {
  AdminCategory,
  AdminProduct,
  AdminProductList,
  AdminProductListQuery,
  CategoryEditor,
  ProductBulkAction,
  ProductEditorInput,
  StockAdjustment,
  StockMovement,
  StockMovementList,
} from '@souq/contracts/admin-catalog';
import type { StockAlertCounts, WaitingForRestock } from '@souq/contracts/stock-alerts';
import { adminApi } from '../shared/admin-api';

/** The back office's catalog endpoints (catalog.manage). */
export const catalogApi = adminApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getAdminProducts: build.query<AdminProductList, AdminProductListQuery>({
      query: (params) => ({ url: '/admin/products', params }),
      providesTags: ['AdminProducts'],
    }),
    getAdminProduct: build.query<AdminProduct, number>({
      query: (id) => `/admin/products/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'AdminProduct', id }],
    }),
    saveProduct: build.mutation<AdminProduct, { id?: number; product: ProductEditorInput }>({
      query: ({ id, product }) =>
        id === undefined
          ? { url: '/admin/products', method: 'POST', body: product }
          : { url: `/admin/products/${id}`, method: 'PUT', body: product },
      invalidatesTags: (result) => [
        'AdminProducts',
        'AdminCategories',
        'Audit',
        ...(result ? [{ type: 'AdminProduct' as const, id: result.id }] : []),
      ],
    }),
    bulkProducts: build.mutation<{ updated: number }, ProductBulkAction>({
      query: (body) => ({ url: '/admin/products/bulk', method: 'POST', body }),
      invalidatesTags: ['AdminProducts', 'AdminProduct', 'AdminCategories', 'Audit'],
    }),
    getStockMovements: build.query<StockMovementList, { id: number; page: number }>({
      query: ({ id, page }) => ({
        url: `/admin/products/${id}/stock-movements`,
        params: { page },
      }),
      providesTags: (_result, _error, { id }) => [{ type: 'StockMovements', id }],
    }),
    adjustStock: build.mutation<
      StockMovement,
      { id: number; adjustment: StockAdjustment; idempotencyKey: string }
    >({
      query: ({ id, adjustment, idempotencyKey }) => ({
        url: `/admin/products/${id}/stock-adjustments`,
        method: 'POST',
        body: adjustment,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'StockMovements', id },
        { type: 'AdminProduct', id },
        'AdminProducts',
        // A restock mails the shoppers waiting, so they wait no more.
        'StockAlerts',
      ],
    }),
    getWaitingForRestock: build.query<WaitingForRestock, undefined>({
      query: () => '/admin/stock-alerts',
      providesTags: ['StockAlerts'],
    }),
    getStockAlertCounts: build.query<StockAlertCounts, number>({
      query: (id) => `/admin/products/${id}/stock-alerts`,
      providesTags: ['StockAlerts'],
    }),
    getAdminCategories: build.query<{ items: AdminCategory[] }, undefined>({
      query: () => '/admin/categories',
      providesTags: ['AdminCategories'],
    }),
    saveCategory: build.mutation<AdminCategory, { id?: number; category: CategoryEditor }>({
      query: ({ id, category }) =>
        id === undefined
          ? { url: '/admin/categories', method: 'POST', body: category }
          : { url: `/admin/categories/${id}`, method: 'PUT', body: category },
      invalidatesTags: ['AdminCategories', 'Audit'],
    }),
    reorderCategories: build.mutation<{ items: AdminCategory[] }, number[]>({
      query: (ids) => ({ url: '/admin/categories/order', method: 'PUT', body: { ids } }),
      invalidatesTags: ['AdminCategories', 'Audit'],
    }),
    deleteCategory: build.mutation<unknown, number>({
      query: (id) => ({ url: `/admin/categories/${id}`, method: 'DELETE' }),
      invalidatesTags: ['AdminCategories', 'Audit'],
    }),
  }),
});

export const {
  useGetAdminProductsQuery,
  useGetAdminProductQuery,
  useSaveProductMutation,
  useBulkProductsMutation,
  useGetStockMovementsQuery,
  useAdjustStockMutation,
  useGetWaitingForRestockQuery,
  useGetStockAlertCountsQuery,
  useGetAdminCategoriesQuery,
  useSaveCategoryMutation,
  useReorderCategoriesMutation,
  useDeleteCategoryMutation,
} = catalogApi;
