import { useEffect, useRef } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { sessionChanged } from '../../store/ui-slice';
import { useGetSessionQuery } from '../../lib/session-api';

/**
 * The one place the ui.user flag is set: from the server's session, asked on load and again
 * whenever the page (pageKey) changes, so a session that ended elsewhere shows on the next page.
 * Logging in, signing up and logging out only refresh that answer.
 */
export function useSessionSync(pageKey: string) {
  const dispatch = useAppDispatch();
  const { data, refetch } = useGetSessionQuery(undefined);
  const askedFor = useRef(pageKey);
  useEffect(() => {
    if (askedFor.current === pageKey) return;
    askedFor.current = pageKey;
    void refetch();
  }, [pageKey, refetch]);
  useEffect(() => {
    if (data) dispatch(sessionChanged({ signedIn: data.user !== null }));
  }, [data, dispatch]);
}
