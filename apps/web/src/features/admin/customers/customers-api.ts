import type {
  AdminCustomer,
  AdminCustomerList,
  AdminMessage,
  AdminMessageList,
  MessageReply,
} from '@souq/contracts/admin-marketing';
import { adminApi } from '../shared/admin-api';

type MessageState = AdminMessage['state'];

/** The shop's customers and their contact-form messages (customers.read, messages.answer). */
export const customersApi = adminApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getCustomers: build.query<AdminCustomerList, { q?: string; page?: number }>({
      query: (params) => ({ url: '/admin/customers', params }),
      providesTags: ['Customers'],
    }),
    getCustomer: build.query<AdminCustomer, string>({
      query: (id) => `/admin/customers/${encodeURIComponent(id)}`,
      providesTags: ['Customers'],
    }),
    getMessages: build.query<AdminMessageList, { state?: MessageState; q?: string; page?: number }>(
      {
        query: (params) => ({ url: '/admin/messages', params }),
        providesTags: ['Messages'],
      },
    ),
    /** Opening a message marks it read, so the list and the badge are read again. */
    openMessage: build.query<AdminMessage, number>({
      query: (id) => `/admin/messages/${id}`,
      onQueryStarted: async (_id, { dispatch, queryFulfilled }) => {
        await queryFulfilled.catch(() => undefined);
        dispatch(customersApi.util.invalidateTags(['Messages']));
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
    dispatch(customersApi.util.upsertQueryData('openMessage', id, data));
  } catch {
    // the page shows the refusal; the message stays as it was
  }
}

export const {
  useGetCustomersQuery,
  useGetCustomerQuery,
  useGetMessagesQuery,
  useOpenMessageQuery,
  useSetMessageStateMutation,
  useReplyToMessageMutation,
} = customersApi;
