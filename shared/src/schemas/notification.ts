import { z } from 'zod';
import { pageQuerySchema } from './mini/envelope';

export const NOTIFICATION_TYPES = ['lead-assigned', 'lead-comment', 'import-finished', 'webhook-disabled', 'task-reminder', 'task-assigned'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** A top-bar notification of the signed-in user. */
export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  /** A path inside the app (`/leads/12/edit`), or null. */
  link: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const listNotificationsQuerySchema = pageQuerySchema;
export const unreadCountSchema = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
