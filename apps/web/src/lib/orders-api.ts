import type {
  Order,
  OrderList,
  OrderListQuery,
  OrderLookup,
  PlaceOrderInput,
  PlacedOrder,
  Quote,
  QuoteRequest,
} from '@souq/contracts/orders';
import { api } from './api';

/**
 * Orders and quotes. Shared by the cart, checkout and orders features, which
 * may not import one another; the server does every money calculation.
 */
export const ordersApi = api
  .enhanceEndpoints({ addTagTypes: ['Orders', 'Addresses'] })
  .injectEndpoints({
    endpoints: (build) => ({
      quote: build.query<Quote, QuoteRequest>({
        query: (body) => ({ url: '/orders/quote', method: 'POST', body }),
        keepUnusedDataFor: 0,
      }),
      placeOrder: build.mutation<PlacedOrder, { order: PlaceOrderInput; idempotencyKey: string }>({
        query: ({ order, idempotencyKey }) => ({
          url: '/orders',
          method: 'POST',
          body: order,
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
        // Saving the address with the order changes the address book too.
        invalidatesTags: ['Orders', 'Addresses'],
      }),
      lookUpOrder: build.mutation<Order, OrderLookup>({
        query: (body) => ({ url: '/orders/lookup', method: 'POST', body }),
      }),
      /** The query's numbers go out as query-string digits, which is what the server reads. */
      getOrders: build.query<OrderList, OrderListQuery | undefined>({
        query: (params) => ({ url: '/orders', params }),
        providesTags: ['Orders'],
      }),
      getOrder: build.query<Order, number>({
        query: (id) => `/orders/${id}`,
        providesTags: ['Orders'],
      }),
      cancelOrder: build.mutation<Order, number>({
        query: (id) => ({ url: `/orders/${id}/cancel`, method: 'POST' }),
        invalidatesTags: ['Orders'],
      }),
    }),
  });

export const {
  useQuoteQuery,
  usePlaceOrderMutation,
  useLookUpOrderMutation,
  useGetOrdersQuery,
  useGetOrderQuery,
  useCancelOrderMutation,
} = ordersApi;
