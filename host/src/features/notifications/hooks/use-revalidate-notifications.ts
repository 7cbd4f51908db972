import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { apiKeysUnder } from '@crm/shared/api-client';
import { NOTIFICATIONS_PATH } from '../api/get-notifications';

/** Refreshes the bell: its list and its badge. */
export function useRevalidateNotifications(): () => void {
  const { mutate } = useSWRConfig();
  return useCallback(() => {
    void mutate(apiKeysUnder(NOTIFICATIONS_PATH));
  }, [mutate]);
}
