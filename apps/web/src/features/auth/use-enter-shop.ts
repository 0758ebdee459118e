import { useNavigate, useSearchParams } from 'react-router';
import { safeNextPath } from '../../lib/safe-next';
import { useAppDispatch } from '../../store/hooks';
import { sessionApi } from '../../lib/session-api';

/**
 * After logging in or signing up: `next` is where the shopper was sent from (kept on the link
 * between the two pages), and `enter` marks them signed in and goes there (home when it is not a
 * path on this site).
 */
export function useEnterShop() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const next = params.get('next');
  return {
    next,
    enter: async () => {
      // The session's new answer sets the sign-in flag (useSessionSync) before the next page.
      await dispatch(
        sessionApi.endpoints.getSession.initiate(undefined, {
          forceRefetch: true,
          subscribe: false,
        }),
      );
      await navigate(safeNextPath(next));
    },
  };
}
