import { api } from '@crm/shared/api-client';
import { type CreateTaskInput, dataEnvelope, type Task, taskSchema } from '@crm/shared/schemas';
import { leadTasksPath } from './get-lead-tasks';
import { TASKS_PATH } from './get-tasks';

const answer = dataEnvelope(taskSchema);

/** POST /api/leads/{id}/tasks (or /api/tasks for a task standing alone) → 201; 422 keyed by field. */
export async function createTask(leadId: number | null, input: CreateTaskInput): Promise<Task> {
  return answer.parse(await api.post<unknown>(leadId === null ? TASKS_PATH : leadTasksPath(leadId), input)).data;
}
