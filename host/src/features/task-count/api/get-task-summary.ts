import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import type { TaskSummary } from '@crm/shared/schemas';

export const TASK_SUMMARY_PATH = '/tasks/summary';

/** The browser's zone, so "today" is the user's day (the API falls back to TASKS_TIME_ZONE without it). */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * GET /api/tasks/summary: the caller's open tasks overdue, today and in the week after. Read as typed, like the bell's
 * count: the shell's first load carries no zod schemas (the full schemas module is shared lazily).
 */
export async function getTaskSummary(): Promise<TaskSummary> {
  return (await api.get<{ data: TaskSummary }>(TASK_SUMMARY_PATH, { tz: timeZone() })).data;
}

/** The menu's "Мой день" count; refreshed every 5 minutes (a task becomes overdue without any event). */
export function useTaskSummary(enabled: boolean) {
  return useSWR<TaskSummary, ApiError>(enabled ? [TASK_SUMMARY_PATH] : null, getTaskSummary, { refreshInterval: 5 * 60_000 });
}
