import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { useAppDispatch } from '../../store/hooks';
import { setUser } from '../../store/ui-slice';
import { paths } from '../../lib/paths';

/** Signs out, ignoring errors as the seed does (the session is gone either way), then goes home. */
export function useLogout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await fetch('/api/auth/sign-out', { method: 'POST', credentials: 'same-origin' });
    } catch {
      // offline or already signed out: nothing for the shopper to do
    }
    dispatch(setUser(false));
    // Nothing of the previous shopper's may be shown to the next one on this device.
    dispatch(api.util.resetApiState());
    await navigate(paths.home);
  }, [dispatch, navigate]);
}
