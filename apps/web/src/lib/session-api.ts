import type { Session } from '@souq/contracts/account';
import { api } from './api';

/** Who is signed in; shared by the header's flag and the pages only signed-in shoppers see. */
export const sessionApi = api.enhanceEndpoints({ addTagTypes: ['Session'] }).injectEndpoints({
  endpoints: (build) => ({
    getSession: build.query<Session, undefined>({
      query: () => '/account/session',
      providesTags: ['Session'],
    }),
  }),
});

export const { useGetSessionQuery } = sessionApi;
