import { api } from '@crm/shared/api-client';
import type { Task, UpdateTaskInput } from '@crm/shared/schemas';
import { parseWithSchemas } from '../../../api/parse-with-schemas';
import { TASKS_PATH } from './get-tasks';

const parseTaskAnswer = parseWithSchemas(({ dataEnvelope, taskSchema }) => dataEnvelope(taskSchema));

/** PATCH /api/tasks/{id} over the version read; 409 TASK_VERSION_CONFLICT when someone saved meanwhile. */
export async function updateTask(id: number, input: UpdateTaskInput): Promise<Task> {
  return (await parseTaskAnswer(api.patch<unknown>(`${TASKS_PATH}/${id}`, input))).data;
}
