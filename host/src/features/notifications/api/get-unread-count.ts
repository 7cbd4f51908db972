import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import type { UnreadCount } from '@crm/shared/schemas';
import { NOTIFICATIONS_PATH } from './get-notifications';

export const UNREAD_COUNT_PATH = `${NOTIFICATIONS_PATH}/unread-count`;
export const unreadCountKey = [UNREAD_COUNT_PATH] as const;

/** GET /api/notifications/unread-count: the bell's badge. */
export async function getUnreadCount(): Promise<number> {
  return (await api.get<{ data: UnreadCount }>(UNREAD_COUNT_PATH)).data.count;
}

export function useUnreadCount(enabled: boolean) {
  return useSWR<number, ApiError>(enabled ? unreadCountKey : null, getUnreadCount);
}
