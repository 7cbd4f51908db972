import type { Task, TaskType, UpdateTaskInput } from '@crm/shared/schemas';
import { fromLocalInput, NO_REMINDER, REMINDER_OPTIONS, toIsoWithOffset, toLocalInput } from './task-time';

/** What the task form holds: the due time as the `datetime-local` field reads it, in the browser's zone. */
export interface TaskFormValues {
  type: TaskType;
  title: string;
  due: string;
  reminder: number;
  /** null: the caller (the default assignee). */
  assigneeId: number | null;
  note: string;
}

export const EMPTY_TASK_FORM_VALUES: TaskFormValues = { type: 'call', title: '', due: '', reminder: 15, assigneeId: null, note: '' };

/** A task as the edit form starts from. */
export function toTaskFormValues(task: Task): TaskFormValues {
  return {
    type: task.type,
    title: task.title,
    due: toLocalInput(new Date(task.due_at)),
    reminder: task.remind_before_minutes ?? NO_REMINDER,
    assigneeId: task.assignee.id,
    note: task.note,
  };
}

/** The due time with the browser's offset, or '' (a 422 on `due_at`) when the field is empty or incomplete. */
export function toDueAt(due: string): string {
  const date = fromLocalInput(due);
  return date ? toIsoWithOffset(date) : '';
}

export const toRemindBefore = (reminder: number): number | null => (reminder === NO_REMINDER ? null : reminder);

/**
 * The PATCH body of an edit: the version read and only the fields the user changed, so an untouched due time is not
 * re-sent (nor its reminder queued again). Null when nothing changed.
 */
export function toTaskChanges(initial: TaskFormValues, values: TaskFormValues, version: number): UpdateTaskInput | null {
  const changes: Omit<UpdateTaskInput, 'version'> = {};
  if (values.type !== initial.type) changes.type = values.type;
  if (values.title !== initial.title) changes.title = values.title;
  if (values.note !== initial.note) changes.note = values.note;
  if (values.due !== initial.due) changes.due_at = toDueAt(values.due);
  if (values.reminder !== initial.reminder) changes.remind_before_minutes = toRemindBefore(values.reminder);
  if (values.assigneeId !== initial.assigneeId && values.assigneeId !== null) changes.assignee_id = values.assigneeId;
  return Object.keys(changes).length > 0 ? { version, ...changes } : null;
}

/** The reminder choices, with a lead time set elsewhere (the API takes any minute up to a week) kept as a choice. */
export function reminderOptions(current: number): readonly { value: number; label: string }[] {
  if (REMINDER_OPTIONS.some((option) => option.value === current)) return REMINDER_OPTIONS;
  return [...REMINDER_OPTIONS, { value: current, label: `За ${current} мин` }].sort((a, b) => a.value - b.value);
}
