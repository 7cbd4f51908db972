import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import { dataEnvelope, type TaskSummary, taskSummarySchema } from '@crm/shared/schemas';

export const TASK_SUMMARY_PATH = '/tasks/summary';

const answer = dataEnvelope(taskSummarySchema);

/** The browser's zone, so "today" is the user's day (the API falls back to TASKS_TIME_ZONE without it). */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** GET /api/tasks/summary: the caller's open tasks overdue, today and in the week after. */
export async function getTaskSummary(): Promise<TaskSummary> {
  return answer.parse(await api.get<unknown>(TASK_SUMMARY_PATH, { tz: timeZone() })).data;
}

/** The menu's "Мой день" count; refreshed every 5 minutes (a task becomes overdue without any event). */
export function useTaskSummary(enabled: boolean) {
  return useSWR<TaskSummary, ApiError>(enabled ? [TASK_SUMMARY_PATH] : null, getTaskSummary, { refreshInterval: 5 * 60_000 });
}
