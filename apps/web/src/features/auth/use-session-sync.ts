import { useEffect, useRef } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { setUser } from '../../store/ui-slice';
import { useGetSessionQuery } from '../../lib/session-api';

/**
 * Keeps the ui.user flag in step with the server's session: asked on load and again whenever
 * the page (pageKey) changes, so a session that ended elsewhere shows on the next page.
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
    if (data) dispatch(setUser(data.user !== null));
  }, [data, dispatch]);
}
