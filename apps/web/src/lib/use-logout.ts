import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from './api';
import { sessionApi } from './session-api';
import { useAppDispatch } from '../store/hooks';
import { paths } from './paths';

/**
 * Signs out, ignoring errors as the seed does (the session is gone either way), then goes to
 * `destination`: home for a shopper, the log-in page from the back office.
 */
export function useLogout(destination: string = paths.home) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await fetch('/api/auth/sign-out', { method: 'POST', credentials: 'same-origin' });
    } catch {
      // offline or already signed out: nothing to do
    }
    // Nothing of the previous shopper's or staff member's may be shown to the next person.
    dispatch(api.util.resetApiState());
    // The session's new answer lowers the sign-in flag (useSessionSync).
    void dispatch(
      sessionApi.endpoints.getSession.initiate(undefined, { forceRefetch: true, subscribe: false }),
    );
    await navigate(destination);
  }, [dispatch, navigate, destination]);
}
