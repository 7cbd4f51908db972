import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Notification, NotificationType } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { notifications } from '../db/schema/notifications';
import { notFound } from '../errors/app-error';

export interface NewNotification {
  type: NotificationType;
  title: string;
  body?: string;
  link?: string | null;
}

const columns = {
  id: notifications.id,
  type: notifications.type,
  title: notifications.title,
  body: notifications.body,
  link: notifications.link,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};

type Row = { id: number; type: string; title: string; body: string; link: string | null; readAt: Date | null; createdAt: Date };

const toNotification = (row: Row): Notification => ({
  id: row.id,
  type: row.type as NotificationType,
  title: row.title,
  body: row.body,
  link: row.link,
  read_at: row.readAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

const notificationNotFound = () => notFound('Уведомление не найдено');

/** A user's notifications: every query is limited to the recipient, so another user's id answers 404. */
export function createNotificationRepository(db: Database) {
  return {
    /** One notification per recipient; returns each recipient's new notification. */
    async create(userIds: number[], input: NewNotification): Promise<{ userId: number; notification: Notification }[]> {
      const recipients = [...new Set(userIds)];
      if (recipients.length === 0) return [];
      const rows = await db
        .insert(notifications)
        .values(recipients.map((userId) => ({ userId, type: input.type, title: input.title, body: input.body ?? '', link: input.link ?? null })))
        .returning({ ...columns, userId: notifications.userId });
      return rows.map((row) => ({ userId: row.userId, notification: toNotification(row) }));
    },

    /** Unread first, then newest first. */
    async list(userId: number, page: number, perPage: number): Promise<{ data: Notification[]; total: number }> {
      const [rows, [{ total }]] = await Promise.all([
        db
          .select(columns)
          .from(notifications)
          .where(eq(notifications.userId, userId))
          .orderBy(sql`${notifications.readAt} is not null`, desc(notifications.createdAt), desc(notifications.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ total: count() }).from(notifications).where(eq(notifications.userId, userId)),
      ]);
      return { data: rows.map(toNotification), total };
    },

    async unreadCount(userId: number): Promise<number> {
      const [{ total }] = await db
        .select({ total: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return total;
    },

    async markRead(userId: number, id: number): Promise<Notification> {
      // A notification read before keeps its first read time.
      const [row] = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning(columns);
      if (!row) throw notificationNotFound();
      return toNotification(row);
    },

    async markAllRead(userId: number): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return rows.length;
    },

    async delete(userId: number, id: number): Promise<void> {
      const rows = await db
        .delete(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning({ id: notifications.id });
      if (rows.length === 0) throw notificationNotFound();
    },
  };
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
