import { clearSession, flushDeferredDeletes } from '@crm/shared/api-client';
import { useCallback } from 'react';
import { useNavigate } from '@crm/shared/router';
import { useSWRConfig } from 'swr';
import { logout } from '../api/logout';

/**
 * Sends the deletes still waiting for their undo (they need the token), revokes the token, forgets the session and
 * every cached answer, then shows the login page.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await flushDeferredDeletes();
    try {
      await logout();
    } catch {
      // An expired or revoked token cannot be revoked again; signing out locally is what matters.
    }
    clearSession();
    // The next user must not see the previous user's data, even for a moment.
    await mutate(() => true, undefined, { revalidate: false });
    navigate('/login', { replace: true });
  }, [mutate, navigate]);
}
