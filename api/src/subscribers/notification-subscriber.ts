import type { FastifyInstance } from 'fastify';
import { realtimeChannels, realtimeEvents } from '@crm/shared/schemas';
import { createNotificationRepository, type NewNotification } from '../repositories/notification-repository';
import type { DomainEvents, TransactionScope } from '../services/domain-events';

/**
 * Who hears of a change in their bell, and in which words. The notifications are stored in the writer's transaction
 * (a crash after the commit loses none); each recipient's open pages are told after the commit. Nobody is notified
 * of their own change.
 */
export function subscribeNotifications(app: FastifyInstance, events: DomainEvents) {
  async function notify(scope: TransactionScope, actorId: number | null | undefined, userIds: number[], notification: NewNotification) {
    const recipients = userIds.filter((id) => id !== actorId);
    if (recipients.length === 0) return;
    const created = await createNotificationRepository(scope.tx).create(recipients, notification);
    scope.afterCommit(() =>
      Promise.all(
        created.map(({ userId, notification: n }) => app.realtime.publish(realtimeChannels.user(userId), realtimeEvents.notificationCreated, { notification: n })),
      ),
    );
  }

  events.onCommitting('lead.created', (event, scope) =>
    notify(scope, event.actor?.id, event.users, {
      type: 'lead-assigned',
      title: 'Вам назначен лид',
      body: `${event.name} — ${event.actor?.name ?? ''}`,
      link: `/leads/${event.leadId}`,
    }),
  );

  events.onCommitting('lead.assigned', (event, scope) => {
    const one = event.leadIds.length === 1;
    return notify(scope, event.actor?.id, [event.userId], {
      type: 'lead-assigned',
      title: one ? 'Вам передан лид' : `Вам переданы лиды: ${event.leadIds.length}`,
      body: one && event.name ? `${event.name} — ${event.actor?.name ?? ''}` : (event.actor?.name ?? ''),
      link: one ? `/leads/${event.leadIds[0]}` : '/leads/list',
    });
  });

  events.onCommitting('lead.comment_added', (event, scope) =>
    notify(scope, event.actor?.id, event.users, {
      type: 'lead-comment',
      title: 'Новый комментарий к лиду',
      body: `${event.name} — ${event.actor?.name ?? ''}`,
      link: `/leads/${event.leadId}`,
    }),
  );

  events.onCommitting('lead.import_finished', async (event, scope) => {
    if (event.status === 'failed') {
      await notify(scope, undefined, [event.importerId], { type: 'import-finished', title: 'Импорт не удался', body: event.summary, link: '/leads/list' });
      return;
    }
    await notify(scope, undefined, [event.importerId], { type: 'import-finished', title: 'Импорт лидов завершён', body: event.summary, link: '/leads/list' });
    for (const [userId, count] of Object.entries(event.assigned)) {
      if (Number(userId) === event.importerId) continue;
      await notify(scope, undefined, [Number(userId)], { type: 'lead-assigned', title: `Вам назначены лиды из импорта: ${count}`, link: '/leads/list' });
    }
  });

  // Tasks (docs/decisions/074): the assignee hears of a task someone else gave them, and of its reminder.
  events.onCommitting('task.assigned', (event, scope) =>
    notify(scope, event.actor?.id, [event.assigneeId], {
      type: 'task-assigned',
      title: 'Вам назначена задача',
      body: `${event.title} — ${event.actor?.name ?? ''}`,
      link: event.leadId === null ? '/tasks' : `/leads/${event.leadId}`,
    }),
  );

  events.onCommitting('task.due', (event, scope) =>
    notify(scope, undefined, [event.assigneeId], {
      type: 'task-reminder',
      title: 'Напоминание о задаче',
      body: event.title,
      link: event.leadId === null ? '/tasks' : `/leads/${event.leadId}`,
    }),
  );

  events.onCommitting('webhook.disabled', (event, scope) =>
    notify(scope, undefined, [event.ownerId], {
      type: 'webhook-disabled',
      title: 'Вебхук отключён',
      body: `${event.url} — ${event.failures} неудачных попыток подряд`,
      link: '/admin/webhooks',
    }),
  );
}
