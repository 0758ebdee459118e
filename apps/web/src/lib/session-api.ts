import type { Session } from '@souq/contracts/account';
import { useAppSelector } from '../store/hooks';
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

/**
 * Whether a shopper is signed in, for pages only they may see: true or false once known,
 * undefined while the session is still being asked (a reload starts with the flag unset).
 */
export function useSignedIn(): boolean | undefined {
  const flag = useAppSelector((state) => state.ui.user);
  const { data, isFetching, isError } = useGetSessionQuery(undefined);
  if (flag || data?.user) return true;
  if (isFetching || (!data && !isError)) return undefined;
  return false;
}
