import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { sessionApi } from '../../lib/session-api';
import { useAppDispatch } from '../../store/hooks';
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
    // Nothing of the previous shopper's may be shown to the next one on this device.
    dispatch(api.util.resetApiState());
    // The session's new answer lowers the sign-in flag (useSessionSync).
    void dispatch(
      sessionApi.endpoints.getSession.initiate(undefined, { forceRefetch: true, subscribe: false }),
    );
    await navigate(paths.home);
  }, [dispatch, navigate]);
}
