import type { ContactMessageInput, ContactMessageReceipt } from '@souq/contracts/contact';
import type {
  NewsletterSubscription,
  NewsletterSubscriptionInput,
} from '@souq/contracts/newsletter';
import { api } from '../../lib/api';

const contentApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    sendContactMessage: build.mutation<ContactMessageReceipt, ContactMessageInput>({
      query: (body) => ({ url: '/contact', method: 'POST', body }),
    }),
    subscribeToNewsletter: build.mutation<NewsletterSubscription, NewsletterSubscriptionInput>({
      query: (body) => ({ url: '/newsletter', method: 'POST', body }),
    }),
  }),
});

export const { useSendContactMessageMutation, useSubscribeToNewsletterMutation } = contentApi;
