import { api } from '@crm/shared/api-client';
import { dataEnvelope, type Task, taskSchema, type UpdateTaskInput } from '@crm/shared/schemas';
import { TASKS_PATH } from './get-tasks';

const answer = dataEnvelope(taskSchema);

/** PATCH /api/tasks/{id} over the version read; 409 TASK_VERSION_CONFLICT when someone saved meanwhile. */
export async function updateTask(id: number, input: UpdateTaskInput): Promise<Task> {
  return answer.parse(await api.patch<unknown>(`${TASKS_PATH}/${id}`, input)).data;
}
