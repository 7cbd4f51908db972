import { api } from '@crm/shared/api-client';
import type { Task } from '@crm/shared/schemas';
import { parseWithSchemas } from '../../../api/parse-with-schemas';
import { TASKS_PATH } from './get-tasks';

const parseTaskAnswer = parseWithSchemas(({ dataEnvelope, taskSchema }) => dataEnvelope(taskSchema));

/** GET /api/tasks/{id}: the task as saved now (the edit dialog reloads it after a 409). */
export async function getTask(id: number): Promise<Task> {
  return (await parseTaskAnswer(api.get<unknown>(`${TASKS_PATH}/${id}`))).data;
}
