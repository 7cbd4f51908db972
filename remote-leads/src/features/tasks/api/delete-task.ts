import { useCallback } from 'react';
import { api, type RequestOptions } from '@crm/shared/api-client';
import type { MessageAnswer } from '@crm/shared/schemas';
import { parseWithSchemas } from '../../../api/parse-with-schemas';
import { useConfirm, useUndoableDelete } from '@crm/shared/ui';
import { TASKS_PATH } from './get-tasks';

/** DELETE /api/tasks/{id}: its reminder is not sent. */
const parseMessage = parseWithSchemas(({ messageSchema }) => messageSchema);

export async function deleteTask(id: number, options?: RequestOptions): Promise<MessageAnswer> {
  return parseMessage(api.delete<unknown>(`${TASKS_PATH}/${id}`, undefined, options));
}

/** What task lists hide while the task's delete waits for 'Отменить' (docs/decisions/064). */
export const pendingTaskKey = (id: number) => `task:${id}`;

/** Asks 'Удалить задачу «…»?', then deletes after the undo toast's 10 seconds; `onSettled` refreshes the lists. */
export function useDeleteTask(onSettled: () => void) {
  const confirm = useConfirm();
  const remove = useUndoableDelete();
  return useCallback(
    async (task: { id: number; title: string }): Promise<boolean> => {
      if (!(await confirm(`Удалить задачу «${task.title}»?`, { confirmLabel: 'Удалить', cancelLabel: 'Отмена' }))) return false;
      remove({
        key: pendingTaskKey(task.id),
        name: task.title,
        message: 'Задача удалена',
        send: ({ keepalive }) => deleteTask(task.id, { keepalive }),
        onSettled,
      });
      return true;
    },
    [confirm, remove, onSettled],
  );
}
