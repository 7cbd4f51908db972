import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import type { TaskDueFilter } from '@crm/shared/schemas';
import { parseWithSchemas } from '../../../api/parse-with-schemas';
import type { TasksResponse } from './get-lead-tasks';

export const TASKS_PATH = '/tasks';

const parseTasksAnswer = parseWithSchemas(({ dataEnvelope, taskSchema }) => dataEnvelope(taskSchema.array()));

/** The browser's zone: "today" is the user's day. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** GET /api/tasks?assignee=me&due=…&tz=…: the caller's tasks of one bucket. */
export async function getTasks(due: TaskDueFilter): Promise<TasksResponse> {
  return parseTasksAnswer(api.get<unknown>(TASKS_PATH, { assignee: 'me', due, tz: browserTimeZone() }));
}

export function useTasks(due: TaskDueFilter, enabled = true) {
  return useSWR<TasksResponse, ApiError>(enabled ? [TASKS_PATH, { due }] : null, () => getTasks(due));
}
