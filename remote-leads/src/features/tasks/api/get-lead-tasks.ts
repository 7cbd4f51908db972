import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import type { DataListEnvelope, taskSchema } from '@crm/shared/schemas';
import { parseWithSchemas } from '../../../api/parse-with-schemas';

export type TasksResponse = DataListEnvelope<typeof taskSchema>;

export const leadTasksPath = (leadId: number) => `/leads/${leadId}/tasks`;

const parseTasksAnswer = parseWithSchemas(({ dataEnvelope, taskSchema }) => dataEnvelope(taskSchema.array()));

/** GET /api/leads/{id}/tasks: open tasks by due time, then done ones. */
export async function getLeadTasks(leadId: number): Promise<TasksResponse> {
  return parseTasksAnswer(api.get<unknown>(leadTasksPath(leadId)));
}

export function useLeadTasks(leadId: number) {
  return useSWR<TasksResponse, ApiError>([leadTasksPath(leadId)], () => getLeadTasks(leadId));
}
