import { useNavigate, useSearchParams } from 'react-router';
import { safeNextPath } from '../../lib/safe-next';
import { useAppDispatch } from '../../store/hooks';
import { setUser } from '../../store/ui-slice';

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
      dispatch(setUser(true));
      await navigate(safeNextPath(next));
    },
  };
}
