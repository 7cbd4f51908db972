import { api } from '@crm/shared/api-client';
import { dataEnvelope, type Task, taskSchema } from '@crm/shared/schemas';
import { TASKS_PATH } from './get-tasks';

const answer = dataEnvelope(taskSchema);

/** GET /api/tasks/{id}: the task as saved now (the edit dialog reloads it after a 409). */
export async function getTask(id: number): Promise<Task> {
  return answer.parse(await api.get<unknown>(`${TASKS_PATH}/${id}`)).data;
}
