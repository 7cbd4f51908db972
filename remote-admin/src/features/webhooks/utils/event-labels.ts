import type { WebhookEvent } from '@crm/shared/schemas';

/** The events as the form and the log name them. */
export const EVENT_LABELS: Record<WebhookEvent | 'webhook.test', string> = {
  'lead.created': 'Лид создан',
  'lead.updated': 'Лид изменён',
  'lead.deleted': 'Лид удалён',
  'lead.status_changed': 'Статус лида изменён',
  'lead.assigned': 'Лид передан',
  'lead.comment_added': 'Комментарий к лиду',
  'task.due': 'Срок задачи',
  'document.created': 'Документ создан',
  'document.updated': 'Документ изменён',
  'document.deleted': 'Документ удалён',
  'webhook.test': 'Тест',
};

/** An event this build does not know shows as recorded. */
export const eventLabel = (event: string) => EVENT_LABELS[event as keyof typeof EVENT_LABELS] ?? event;
