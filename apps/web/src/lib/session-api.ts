import type { Session } from '@souq/contracts/account';
import { api } from './api';

/** Who is signed in; shared by the header's flag and the pages only signed-in shoppers see. */
export const sessionApi = api.enhanceEndpoints({ addTagTypes: ['Session'] }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getSession: build.query<Session, undefined>({
      query: () => '/account/session',
      providesTags: ['Session'],
    }),
  }),
});

export const { useGetSessionQuery } = sessionApi;

/**
 * Whether a shopper is signed in, for pages only they may see: true or false once known,
 * undefined while the session is still being asked (a reload starts with the flag unset).
 */
export function useSignedIn(): boolean | undefined {
  const { data, isError } = useGetSessionQuery(undefined);
  if (data) return data.user !== null;
  return isError ? false : undefined;
}
