import type { Address, AddressInput } from '@souq/contracts/addresses';
import type {
  Order,
  OrderList,
  OrderLookup,
  PlaceOrderInput,
  Quote,
  QuoteRequest,
} from '@souq/contracts/orders';
import { api } from './api';

/**
 * Orders, quotes and the saved lists. Shared by the cart, checkout and orders features, which
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
      placeOrder: build.mutation<Order, { order: PlaceOrderInput; idempotencyKey: string }>({
        query: ({ order, idempotencyKey }) => ({
          url: '/orders',
          method: 'POST',
          body: order,
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
        invalidatesTags: ['Orders'],
      }),
      lookUpOrder: build.mutation<Order, OrderLookup>({
        query: (body) => ({ url: '/orders/lookup', method: 'POST', body }),
      }),
      getOrders: build.query<OrderList, undefined>({
        query: () => '/orders',
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
      /** The signed-in shopper's address book (the accounts module serves it). */
      getAddresses: build.query<{ items: Address[] }, undefined>({
        query: () => '/account/addresses',
        providesTags: ['Addresses'],
      }),
      saveAddress: build.mutation<Address, AddressInput>({
        query: (body) => ({ url: '/account/addresses', method: 'POST', body }),
        invalidatesTags: ['Addresses'],
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
  useGetAddressesQuery,
  useSaveAddressMutation,
} = ordersApi;
