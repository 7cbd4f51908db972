import { useCallback } from 'react';
import { api } from '@crm/shared/api-client';
import { useRevalidateNotifications } from '../hooks/use-revalidate-notifications';

/** POST /api/notifications/read-all. */
export async function markAllNotificationsRead(): Promise<void> {
  await api.post('/notifications/read-all');
}

export function useMarkAllNotificationsRead() {
  const revalidate = useRevalidateNotifications();
  return useCallback(async () => {
    await markAllNotificationsRead();
    revalidate();
  }, [revalidate]);
}
