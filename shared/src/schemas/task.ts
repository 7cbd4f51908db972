import { z } from 'zod';
import { isIanaTimeZone } from './mini/calendar-date';
import { idSchema, INT4_MAX } from './id';
import { leadCommentInputSchema } from './lead-detail';
import { textSchema, UNSTORABLE_TEXT_MESSAGE_RU } from './text';
import { ERROR_CODE } from './mini/api-error';
import { TASK_TYPES } from './mini/task-types';


/** The buckets of GET /api/tasks: overdue (open, due before now), today (open, due from now to midnight), the next 7 days after today, and done. */
export const TASK_DUE_FILTERS = ['overdue', 'today', 'week', 'done'] as const;
export type TaskDueFilter = (typeof TASK_DUE_FILTERS)[number];

/** The longest reminder lead time: a week. */
export const TASK_REMIND_MAX_MINUTES = 7 * 24 * 60;

/** An IANA zone name, never an offset (see isIanaTimeZone): the tasks' buckets and TASKS_TIME_ZONE. */
export function isTimeZone(value: string): boolean {
  return isIanaTimeZone(value);
}

const person = z.object({ id: z.number().int(), name: z.string() });

/** A task as the API answers it. */
export const taskSchema = z.object({
  id: z.number().int(),
  /** The lead it belongs to, or null for a task standing alone. */
  lead: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  type: z.enum(TASK_TYPES),
  title: z.string(),
  note: z.string(),
  /** ISO 8601 in UTC. */
  due_at: z.string(),
  /** Minutes before `due_at` the assignee is reminded; 0 at the due time, null for no reminder. */
  remind_before_minutes: z.number().int().nullable(),
  assignee: person,
  created_by: person.nullable(),
  done: z.boolean(),
  done_at: z.string().nullable(),
  done_by: person.nullable(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

const TITLE_MESSAGE = 'Укажите название задачи';
const DUE_MESSAGE = 'Укажите срок: дату и время';
const REMIND_MESSAGE = `Напоминание — от 0 до ${TASK_REMIND_MAX_MINUTES} минут до срока`;

const titleSchema = textSchema({ error: TITLE_MESSAGE, unstorable: UNSTORABLE_TEXT_MESSAGE_RU }).trim().min(1, TITLE_MESSAGE).max(200, 'Не более 200 символов');
const noteSchema = textSchema({ error: 'Напишите заметку текстом', unstorable: UNSTORABLE_TEXT_MESSAGE_RU }).trim().max(10_000, 'Слишком длинная заметка');
/** A moment with its offset (`2026-11-28T10:00:00+03:00` or `…Z`): the client's local time is never guessed. */
const dueSchema = z.iso.datetime({ offset: true, error: DUE_MESSAGE });
const remindSchema = z.number({ error: REMIND_MESSAGE }).int(REMIND_MESSAGE).min(0, REMIND_MESSAGE).max(TASK_REMIND_MAX_MINUTES, REMIND_MESSAGE).nullable();
const typeSchema = z.enum(TASK_TYPES, { error: 'Выберите тип задачи' });

/** POST /api/leads/{id}/tasks and POST /api/tasks. The assignee defaults to the caller. */
export const createTaskInputSchema = z.object({
  type: typeSchema.default('task'),
  title: titleSchema,
  note: noteSchema.default(''),
  due_at: dueSchema,
  remind_before_minutes: remindSchema.default(null),
  assignee_id: idSchema('Выберите исполнителя').optional(),
});
export type CreateTaskInput = z.input<typeof createTaskInputSchema>;

/**
 * PATCH /api/tasks/{id}: a field left out keeps its value; `version` is the version the task was read at (409
 * otherwise). `comment` goes with `done: true` on a lead's task: the comment is added to the lead in the same step.
 */
export const updateTaskInputSchema = z.object({
  version: z.number({ error: 'Укажите версию задачи' }).int().min(1).max(INT4_MAX),
  type: typeSchema.optional(),
  title: titleSchema.optional(),
  note: noteSchema.optional(),
  due_at: dueSchema.optional(),
  remind_before_minutes: remindSchema.optional(),
  assignee_id: idSchema('Выберите исполнителя').optional(),
  done: z.boolean({ error: 'Укажите, выполнена ли задача' }).optional(),
  comment: leadCommentInputSchema.optional(),
});
export type UpdateTaskInput = z.input<typeof updateTaskInputSchema>;

const timeZoneQuery = z.string().refine(isTimeZone, 'Укажите часовой пояс IANA, например Europe/Moscow').optional();

/** GET /api/tasks: the caller's tasks (`assignee=me`, the default) or every task they may see (`assignee=any`). */
export const listTasksQuerySchema = z.object({
  assignee: z.enum(['me', 'any'], { error: 'assignee: me или any' }).default('me'),
  due: z.enum(TASK_DUE_FILTERS, { error: 'due: overdue, today, week или done' }).optional(),
  tz: timeZoneQuery,
});
export type ListTasksQuery = z.input<typeof listTasksQuerySchema>;

/** GET /api/tasks/summary: the caller's open tasks by bucket; the menu badge shows overdue + today. */
export const taskSummaryQuerySchema = z.object({ tz: timeZoneQuery });
export const taskSummarySchema = z.object({ overdue: z.number().int(), today: z.number().int(), week: z.number().int() });
export type TaskSummary = z.infer<typeof taskSummarySchema>;

/** 409 body of a stale task update: who changed it, when, and its version now. */
export const taskConflictSchema = z.object({
  message: z.string(),
  code: z.literal(ERROR_CODE.TASK_VERSION_CONFLICT),
  conflict: z.object({ updated_by: person.nullable(), updated_at: z.string(), version: z.number().int() }),
});

/** POST /api/account/calendar-token: the feed's secret URL, shown once (a new one replaces the old). */
export const calendarFeedSchema = z.object({ url: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** GET /api/account/calendar-token: whether the caller has a live feed URL (the URL itself is never shown again). */
export const calendarFeedStateSchema = z.object({ active: z.boolean() });
export type CalendarFeedState = z.infer<typeof calendarFeedStateSchema>;
