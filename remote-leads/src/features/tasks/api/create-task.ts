import { api } from '@crm/shared/api-client';
import type { CreateTaskInput, Task } from '@crm/shared/schemas';
import { parseWithSchemas } from '../../../api/parse-with-schemas';
import { leadTasksPath } from './get-lead-tasks';
import { TASKS_PATH } from './get-tasks';

const parseTaskAnswer = parseWithSchemas(({ dataEnvelope, taskSchema }) => dataEnvelope(taskSchema));

/** POST /api/leads/{id}/tasks (or /api/tasks for a task standing alone) → 201; 422 keyed by field. */
export async function createTask(leadId: number | null, input: CreateTaskInput): Promise<Task> {
  return (await parseTaskAnswer(api.post<unknown>(leadId === null ? TASKS_PATH : leadTasksPath(leadId), input))).data;
}
