const pad = (n: number) => String(n).padStart(2, '0');

/** A local moment as ISO 8601 with the browser's offset (`2026-11-28T10:00:00+03:00`): the API never guesses a zone. */
export function toIsoWithOffset(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** The value of an `<input type="datetime-local">` for a moment, in the browser's zone. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** An `<input type="datetime-local">` value as a moment, or null when it is empty or incomplete. */
export function fromLocalInput(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Tomorrow at `hour`:00, local time. */
function tomorrowAt(now: Date, hour: number): Date {
  const date = new Date(now);
  date.setDate(date.getDate() + 1);
  date.setHours(hour, 0, 0, 0);
  return date;
}

export interface TaskPreset {
  label: string;
  type: 'call' | 'meeting' | 'email' | 'task';
  title: string;
  due: (now: Date) => Date;
}

/** The quick-add presets of a lead's task block. */
export const TASK_PRESETS: readonly TaskPreset[] = [
  { label: 'Перезвонить завтра в 10:00', type: 'call', title: 'Перезвонить', due: (now) => tomorrowAt(now, 10) },
  { label: 'Через час', type: 'task', title: 'Связаться', due: (now) => new Date(now.getTime() + 60 * 60_000) },
  { label: 'Завтра', type: 'task', title: 'Связаться', due: (now) => tomorrowAt(now, 9) },
  {
    label: 'Через неделю',
    type: 'call',
    title: 'Перезвонить',
    due: (now) => {
      const date = tomorrowAt(now, 10);
      date.setDate(date.getDate() + 6);
      return date;
    },
  },
];

export const TASK_TYPE_LABELS = { call: 'Звонок', meeting: 'Встреча', email: 'Письмо', task: 'Задача' } as const;

/** The reminder select's value for "none" (a select cannot hold null and a number apart). */
export const NO_REMINDER = -1;

/** Reminder choices: minutes before the due time (NO_REMINDER: none). */
export const REMINDER_OPTIONS: readonly { value: number; label: string }[] = [
  { value: NO_REMINDER, label: 'Без напоминания' },
  { value: 0, label: 'В момент срока' },
  { value: 1, label: 'За 1 минуту' },
  { value: 5, label: 'За 5 минут' },
  { value: 15, label: 'За 15 минут' },
  { value: 30, label: 'За 30 минут' },
  { value: 60, label: 'За час' },
  { value: 1440, label: 'За день' },
];
