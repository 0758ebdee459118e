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
import type { TaxInvoice } from '@souq/contracts/invoices';
import type {
  PaymentMethodsOffered,
  PaymentRedirect,
  PaymentState,
} from '@souq/contracts/payments';
import { api } from './api';

/**
 * Orders and quotes. Shared by the cart, checkout and orders features, which
 * may not import one another; the server does every money calculation.
 */
export const ordersApi = api
  .enhanceEndpoints({ addTagTypes: ['Orders', 'Addresses'] })
  .injectEndpoints({
    overrideExisting: 'throw',
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
      /** The order's tax invoice and credit notes; a refund adds a credit note. */
      getInvoice: build.query<TaxInvoice, number>({
        query: (id) => `/orders/${id}/invoice`,
        providesTags: ['Orders'],
      }),
      /** A guest's invoice, by the look-up's number and email (a POST: the email stays out of URLs). */
      lookUpInvoice: build.query<TaxInvoice, OrderLookup>({
        query: (body) => ({ url: '/orders/lookup/invoice', method: 'POST', body }),
        keepUnusedDataFor: 0,
      }),
      /** Whether checkout may offer a card (a card provider is configured). */
      paymentMethods: build.query<PaymentMethodsOffered, undefined>({
        query: () => '/payments/methods',
      }),
      /** The return page's payment; asked again while it is still being confirmed. */
      paymentState: build.query<PaymentState, string>({
        query: (token) => `/payments/${token}`,
        keepUnusedDataFor: 0,
      }),
      retryPayment: build.mutation<PaymentRedirect, { token: string; locale: string }>({
        query: ({ token, locale }) => ({
          url: `/payments/${token}/retry`,
          method: 'POST',
          body: { locale },
        }),
      }),
      /** The shopper gives up paying: the order is cancelled and its stock returns. */
      cancelPayment: build.mutation<PaymentState, string>({
        query: (token) => ({ url: `/payments/${token}/cancel`, method: 'POST' }),
        invalidatesTags: ['Orders'],
      }),
      /** A guest cancels an order still awaiting its payment, by the look-up's number and email. */
      cancelLookedUpOrder: build.mutation<Order, OrderLookup>({
        query: (body) => ({ url: '/orders/lookup/cancel', method: 'POST', body }),
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
  useGetInvoiceQuery,
  useLookUpInvoiceQuery,
  useCancelOrderMutation,
  useCancelLookedUpOrderMutation,
  usePaymentMethodsQuery,
  usePaymentStateQuery,
  useRetryPaymentMutation,
  useCancelPaymentMutation,
} = ordersApi;
