import ical, { ICalAlarmType } from 'ical-generator';
import type { Task, TaskType } from '@crm/shared/schemas';

const TYPE_NAMES: Record<TaskType, string> = { call: 'Звонок', meeting: 'Встреча', email: 'Письмо', task: 'Задача' };
/** A task is a point in time; calendars show it as a short event. */
const EVENT_MINUTES = 30;

/**
 * One user's open tasks as an iCalendar feed (RFC 5545, written by ical-generator: CRLF, folding, escaping). Each
 * task is an event at its due time with a stable UID, so a phone's calendar updates it instead of adding a copy, and
 * an alarm where the task has a reminder.
 */
export function taskCalendar(tasks: Task[], appUrl: string): string {
  const host = new URL(appUrl).host;
  const calendar = ical({ name: 'CRM — задачи', prodId: { company: 'crm', product: 'tasks', language: 'RU' }, ttl: 15 * 60 });
  for (const task of tasks) {
    const start = new Date(task.due_at);
    const event = calendar.createEvent({
      id: `task-${task.id}@${host}`,
      start,
      end: new Date(start.getTime() + EVENT_MINUTES * 60_000),
      summary: `${TYPE_NAMES[task.type]}: ${task.title}`,
      description: [task.lead ? `Лид: ${task.lead.name}` : '', task.note].filter(Boolean).join('\n'),
      url: task.lead ? `${appUrl}/leads/${task.lead.id}` : `${appUrl}/tasks`,
      sequence: task.version,
      lastModified: new Date(task.updated_at),
    });
    if (task.remind_before_minutes !== null) event.createAlarm({ type: ICalAlarmType.display, trigger: task.remind_before_minutes * 60 });
  }
  return calendar.toString();
}
