import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import { dataEnvelope, type DataListEnvelope, taskSchema } from '@crm/shared/schemas';

export type TasksResponse = DataListEnvelope<typeof taskSchema>;

export const leadTasksPath = (leadId: number) => `/leads/${leadId}/tasks`;

const answer = dataEnvelope(taskSchema.array());

/** GET /api/leads/{id}/tasks: open tasks by due time, then done ones. */
export async function getLeadTasks(leadId: number): Promise<TasksResponse> {
  return answer.parse(await api.get<unknown>(leadTasksPath(leadId)));
}

export function useLeadTasks(leadId: number) {
  return useSWR<TasksResponse, ApiError>([leadTasksPath(leadId)], () => getLeadTasks(leadId));
}
