import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import type { Notification, Paginated, notificationSchema } from '@crm/shared/schemas';

export const NOTIFICATIONS_PATH = '/notifications';
/** The bell shows the first page: unread first, then newest. */
export const NOTIFICATIONS_PAGE_SIZE = 10;

export type NotificationPage = Paginated<typeof notificationSchema>;
export const notificationsKey = [NOTIFICATIONS_PATH, { per_page: NOTIFICATIONS_PAGE_SIZE }] as const;

/** GET /api/notifications: the caller's own notifications, unread first. */
export function getNotifications(): Promise<NotificationPage> {
  return api.get<NotificationPage>(NOTIFICATIONS_PATH, { per_page: NOTIFICATIONS_PAGE_SIZE });
}

export function useNotifications(enabled: boolean) {
  return useSWR<NotificationPage, ApiError>(enabled ? notificationsKey : null, getNotifications);
}

export type { Notification };
