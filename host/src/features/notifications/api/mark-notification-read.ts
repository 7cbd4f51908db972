import { useCallback } from 'react';
import { api } from '@crm/shared/api-client';
import type { Notification } from '@crm/shared/schemas';
import { useRevalidateNotifications } from '../hooks/use-revalidate-notifications';

/** POST /api/notifications/{id}/read. */
export async function markNotificationRead(id: number): Promise<Notification> {
  return (await api.post<{ data: Notification }>(`/notifications/${id}/read`)).data;
}

export function useMarkNotificationRead() {
  const revalidate = useRevalidateNotifications();
  return useCallback(
    async (id: number) => {
      const notification = await markNotificationRead(id);
      revalidate();
      return notification;
    },
    [revalidate],
  );
}
