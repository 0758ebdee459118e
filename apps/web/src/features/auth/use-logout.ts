import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../store/hooks';
import { setUser } from '../../store/ui-slice';

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
    await navigate('/');
  }, [dispatch, navigate]);
}
